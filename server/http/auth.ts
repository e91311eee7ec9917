/**
 * Who is calling. The bearer token is checked by a pluggable verifier held in the app context
 * (`ctx.verifyMember`): `buildApp` installs the token verifier of modules/auth/tokens.ts, or the one
 * a test passes in; `rejectAllTokens` holds the place until then.
 */
import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../openapi/rules/staff';

/** The logged-in member a request acts for, with what its verifier knows (role, …). */
export interface Member {
  id: number;
  /** Site role (0 member); set by the token verifier. */
  role?: number;
  /** Forum role (0 respondent, 1 moderator, 2 client observer). */
  bbsRole?: number;
  /** The login session (refresh-token family) the access token belongs to. */
  familyId?: string;
}

/** Resolve a bearer token to a member, or null when the token is not valid (expired, revoked, forged). */
export type MemberVerifier = (token: string, request: FastifyRequest) => Promise<Member | null>;

export const rejectAllTokens: MemberVerifier = async () => null;

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in staff member a console request acts for (modules/staff/sessions.ts). */
export interface Staff {
  id: number;
  login: string;
  name: string;
  roles: StaffRole[];
  sessionId: number;
  /** When this session ends at the latest (12 h after sign-in), epoch ms. */
  sessionExpiresAt: number;
}

/** Resolve a console token to a staff member, or null (expired, idle too long, revoked, disabled). */
export type StaffVerifier = (token: string, request: FastifyRequest) => Promise<Staff | null>;

export const rejectAllStaff: StaffVerifier = async () => null;
