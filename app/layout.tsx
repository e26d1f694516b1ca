import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { ThemeScript } from "@/components/layout/theme-script";
import { AppClockProvider } from "@/components/providers/app-clock";
import { clockOffsetMs } from "@/lib/clock";
import { NONCE_HEADER } from "@/lib/http/page-security";
import "./globals.css";

export const metadata: Metadata = {
  title: {
    default: "Rebate Desk",
    template: "%s · Rebate Desk",
  },
  description:
    "Affiliate rebate analytics for the WEEX exchange: commissions, sub-affiliate volumes and invited users' trading and asset totals.",
  applicationName: "Rebate Desk",
  icons: { icon: [{ url: "/favicon.svg", type: "image/svg+xml" }] },
};

export const viewport: Viewport = {
  themeColor: "#1d5ef1",
};

export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  // This request's CSP nonce (proxy.ts). Reading it renders every page per request, as nonces require.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    // The inline theme script sets the `dark` class on <html> before first paint, so React must not
    // treat that class as a hydration mismatch.
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="flex min-h-full flex-col">
        {/* The app's clock (lib/clock.ts), so that the browser resolves "today" as the server does. */}
        <AppClockProvider offsetMs={clockOffsetMs()}>{children}</AppClockProvider>
      </body>
    </html>
  );
}
