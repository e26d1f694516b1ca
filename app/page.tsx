import { PageHeader } from "@/components/layout/page-header";

export default function HomePage() {
  return (
    <main className="mx-auto w-full max-w-page flex-1 px-6 py-12 sm:py-16">
      <PageHeader title="Rebate Desk" eyebrow="Affiliate analytics for WEEX">
        <p>
          Rebate Desk brings an affiliate&apos;s numbers together in one place: commission earned, the trading volumes of
          sub-affiliates, and every invited user with their trading and asset totals. It reads them from the WEEX V3
          REST API, and by default from a local sandbox exchange, so it runs without real credentials.
        </p>
      </PageHeader>

      <section
        aria-labelledby="status-heading"
        className="mt-8 rounded-lg border border-brand-200 bg-brand-50 p-5 dark:border-brand-900 dark:bg-brand-950"
      >
        <h2 id="status-heading" className="text-sm font-semibold text-brand-800 dark:text-brand-200">
          Coming soon
        </h2>
        <p className="mt-1 text-sm text-brand-900 dark:text-brand-100">
          The dashboard arrives in a later release. This build serves the application shell and a health check at{" "}
          <code className="font-mono">/api/health</code>.
        </p>
      </section>
    </main>
  );
}
