/**
 * Reading generated PDFs in tests (pdfjs-dist): page count and each page's
 * text. pdfjs 6 expects Node 22's Promise.withResolvers; on Node 20 (the
 * project's floor) it gets this small polyfill — test code only.
 */
type Resolvers<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (reason?: unknown) => void };
const promiseCtor = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };
promiseCtor.withResolvers ??= <T>(): Resolvers<T> => {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};

export interface PdfText {
  pages: string[];
  text: string;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.cleanup();
  return { pages, text: pages.join("\n") };
}
