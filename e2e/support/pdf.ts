/**
 * Reading generated PDFs in tests (pdfjs-dist's legacy build, which brings
 * its own polyfills for Node 20): page count and each page's text.
 */
export interface PdfText {
  pages: string[];
  text: string;
  title: string;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  // The document's own title (its metadata: what a PDF viewer's title bar shows).
  const info = (await doc.getMetadata()).info as { Title?: string } | undefined;
  await doc.cleanup();
  return { pages, text: pages.join("\n"), title: info?.Title ?? "" };
}
