import { OAuthStore } from '../oauth/store.ts';

/** What a LinkedIn fake holds besides its posts: the OAuth kit's store, members, organisations, media. */

export interface LinkedInMember {
  /** The OIDC `sub`; the member's URN is urn:li:person:{id}. */
  id: string;
  givenName: string;
  familyName: string;
}

/** organizationAcls roles (platforms.md §7 OAuth: these may post for the organisation). */
export type OrganizationRole =
  'ADMINISTRATOR' | 'CONTENT_ADMINISTRATOR' | 'DIRECT_SPONSORED_CONTENT_POSTER' | 'ANALYST';

export interface LinkedInOrganization {
  id: string;
  localizedName: string;
  vanityName: string;
  /** member id → role. */
  roles: Map<string, OrganizationRole>;
  /** The logo, an image URN (its downloadUrl through the Images API). */
  logo?: string | undefined;
  /** Its followers: networkSizes' firstDegreeSize (a test sets it). */
  followers: number;
}

export type MediaStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

export interface LinkedInMedia {
  urn: string;
  kind: 'image' | 'video';
  owner: string;
  /** The video's parts as initializeUpload laid them out; an image has one. */
  parts: { firstByte: number; lastByte: number; bytes?: Uint8Array | undefined; etag?: string | undefined }[];
  size: number;
  uploadToken: string;
  status: MediaStatus;
  /** Status reads still to answer PROCESSING after the upload (or finalize). */
  pollsLeft: number;
  processingFailureReason?: string | undefined;
  bytes?: Uint8Array | undefined;
  mime?: string | undefined;
}

/** platforms.md §7 OAuth: access tokens 60 days, refresh tokens 365 days and not renewed by refreshing. */
export const ACCESS_TTL_S = 60 * 86_400;
export const REFRESH_TTL_S = 365 * 86_400;
/** LinkedIn's authorization codes live 30 minutes. */
export const CODE_TTL_S = 30 * 60;

export class LinkedInState {
  readonly oauth: OAuthStore;
  readonly members = new Map<string, LinkedInMember>();
  readonly organizations = new Map<string, LinkedInOrganization>();
  readonly media = new Map<string, LinkedInMedia>();
  /** A post's media URNs, by post URN. */
  readonly postMedia = new Map<string, string[]>();
  /** The JSON body each post was created with, for tests to look into. */
  readonly postBodies = new Map<string, unknown>();
  #next = 1;

  constructor(now: () => Date) {
    this.oauth = new OAuthStore({
      now,
      accessTtlS: ACCESS_TTL_S,
      refreshTtlS: REFRESH_TTL_S,
      codeTtlS: CODE_TTL_S,
      rotateRefresh: false,
      prefix: 'li-',
    });
  }

  addMember(member: { givenName: string; familyName: string }): LinkedInMember {
    // LinkedIn's member ids are opaque strings.
    const id = `m${(this.#next++).toString(36)}${crypto.randomUUID().slice(0, 8)}`;
    const added = { id, ...member };
    this.members.set(id, added);
    this.oauth.addUser({ id, name: `${member.givenName} ${member.familyName}` });
    return added;
  }

  addOrganization(org: {
    localizedName: string;
    vanityName: string;
    admins?: { memberId: string; role?: OrganizationRole }[];
    followers?: number;
  }): LinkedInOrganization {
    const id = String(100_000 + this.organizations.size + 1);
    const added: LinkedInOrganization = {
      id,
      localizedName: org.localizedName,
      vanityName: org.vanityName,
      roles: new Map((org.admins ?? []).map((a) => [a.memberId, a.role ?? 'ADMINISTRATOR'])),
      followers: org.followers ?? 0,
    };
    this.organizations.set(id, added);
    return added;
  }

  /** The organisation behind urn:li:organization:{id}, when the member may post for it. */
  postableBy(orgUrn: string, memberId: string): LinkedInOrganization | undefined {
    const org = this.organizations.get(/^urn:li:organization:(\d+)$/.exec(orgUrn)?.[1] ?? '');
    const role = org?.roles.get(memberId);
    return role && role !== 'ANALYST' ? org : undefined;
  }
}
