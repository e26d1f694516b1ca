// vitest runs outside React Server Components, where the real `server-only`
// package throws on import. Tests alias it to this empty module.
export {};
