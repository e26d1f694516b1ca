import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { WalletIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Account" };

export default function Page() {
  return (
    <PlaceholderPage
      title="Account"
      eyebrow="Exchange"
      description="Balances, permissions and fee rates of the selected connection's spot account, read live from the exchange."
      emptyTitle="Account details are coming"
      emptyDescription="Balances, commission rates and the account's bills will be shown here, read live through the selected connection."
      icon={<WalletIcon className="size-6" />}
    />
  );
}
