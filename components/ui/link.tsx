import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The app's links: Next's <Link> without prefetching. Every page here is rendered per request (its figures are the
 * reader's, as of now), so a prefetch fetched nothing a click could reuse, yet Next asked the server for one render per
 * link in view: about 36 for each page load (the navigation's items and the page's own links, again whenever the URL's
 * search changed), each running the layout's session check on the one embedded database. bench/page-weight.ts counts
 * a page's requests. ESLint keeps `next/link` to this file.
 */
export function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
