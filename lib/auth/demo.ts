// The demo sign-in: seeded in demo mode (no WEEX_SPOT_BASE_URL, the embedded
// sandbox exchange) and shown on the login page and in the README. One place.
export const DEMO_USER = {
  email: "demo@rebatedesk.local",
  password: "demo-password",
  name: "Demo user",
  /** Admin, so a newcomer sees every screen. */
  role: "admin",
} as const;
