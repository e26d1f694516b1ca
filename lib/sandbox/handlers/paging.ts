/** Page arithmetic shared by the sandbox's numbered-page endpoints. */

export function pageOf<T>(all: readonly T[], page: number, pageSize: number): { items: T[]; total: number; pages: number } {
  const total = all.length;
  return { items: all.slice((page - 1) * pageSize, page * pageSize), total, pages: Math.ceil(total / pageSize) };
}
