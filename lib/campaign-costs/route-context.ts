/** What every campaign-cost route starts from: the request's connection, the database, and the path's invite code checked. */
import "server-only";
import { ApiError, type RouteParams } from "../api/route";
import { workContext, type WorkContext } from "../invitee-work/route-context";
import { inviteCodeSchema } from "./inputs";

export async function codeContext(request: Request, params: RouteParams): Promise<WorkContext & { inviteCode: string }> {
  const parsed = inviteCodeSchema.safeParse(params.code);
  // A malformed code names no code the exchange could have given: no such thing, as for any unknown path.
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "no such invite code");
  return { ...(await workContext(request)), inviteCode: parsed.data };
}
