import type { FastifyInstance } from 'fastify';
import type { FakeContext, FakeServer } from '../fake-server.ts';
import { type OAuthFakeOptions, startOAuthFake } from '../oauth/start.ts';
import { postPage } from '../post-page.ts';
import { sendProfile } from '../profile-page.ts';
import { DEFAULT_PART_BYTES, mediaRoutes } from './media.ts';
import { oauthRoutes } from './oauth.ts';
import { organizationRoutes } from './organizations.ts';
import { postRoutes } from './posts-api.ts';
import {
  LinkedInState,
  type LinkedInMember,
  type LinkedInOrganization,
  type OrganizationRole,
} from './state.ts';

/**
 * LinkedIn's versioned REST API on loopback (platforms.md §7): OAuth through the OAuth kit (consent
 * page, 60-day tokens, 365-day refresh tokens), /v2/userinfo, organizationAcls and organizations,
 * the Images and Videos APIs (upload URLs on this server, ETags per video part, finalize, status),
 * the Posts API (x-restli-id, find by author, idempotent delete), share statistics, and LinkedIn's
 * error bodies; /rest/ calls need LinkedIn-Version and X-Restli-Protocol-Version. Every host
 * (www.linkedin.com, api.linkedin.com, the upload URLs) is this one server. Each post's public page
 * is at /feed/update/<urn>, LinkedIn's shape. Fault switches: `call` is "METHOD /path" (guard.ts),
 * `account` the member's URN (urn:li:person:<id>).
 */
export interface LinkedInFake extends FakeServer {
  state: LinkedInState;
  addMember(member: { givenName: string; familyName: string }): LinkedInMember;
  /** An organisation with its administrators, and a logo. */
  addOrganization(org: {
    localizedName: string;
    vanityName: string;
    admins?: { memberId: string; role?: OrganizationRole }[];
    followers?: number;
  }): LinkedInOrganization;
}

export interface LinkedInFakeOptions extends OAuthFakeOptions {
  /** The size of a video's upload parts (LinkedIn's 4 MiB); tests pass a small one to see several. */
  videoPartBytes?: number;
}

/** A 1×1 PNG: the organisations' logos. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function startLinkedInFake(options: LinkedInFakeOptions = {}): Promise<LinkedInFake> {
  const partBytes = options.videoPartBytes ?? DEFAULT_PART_BYTES;
  const server = await startOAuthFake(
    'linkedin',
    options,
    (now) => new LinkedInState(now),
    (app, ctx, state) => routes(app, ctx, state, partBytes),
  );
  const { state } = server;
  return {
    ...server,
    addMember: (member) => state.addMember(member),
    addOrganization(org) {
      const added = state.addOrganization(org);
      added.logo = `urn:li:image:C4D0BAQlogo${added.id}`;
      state.media.set(added.logo, {
        urn: added.logo,
        kind: 'image',
        owner: `urn:li:organization:${added.id}`,
        parts: [],
        size: LOGO.byteLength,
        uploadToken: '',
        status: 'AVAILABLE',
        pollsLeft: 0,
        bytes: new Uint8Array(LOGO),
        mime: 'image/png',
      });
      return added;
    },
  };
}

/** The sandbox's demo: a member administering two organisations (one as content administrator). */
export function seedLinkedInSandbox(fake: LinkedInFake): {
  member: LinkedInMember;
  organizations: LinkedInOrganization[];
} {
  const existing = [...fake.state.members.values()].find(
    (m) => m.givenName === 'Demo' && m.familyName === 'Member',
  );
  if (existing)
    return {
      member: existing,
      organizations: [...fake.state.organizations.values()].filter((o) => o.roles.has(existing.id)),
    };
  const member = fake.addMember({ givenName: 'Demo', familyName: 'Member' });
  const organizations = [
    fake.addOrganization({
      localizedName: 'Postdeck Demo Co',
      vanityName: 'postdeck-demo-co',
      admins: [{ memberId: member.id }],
      followers: 2_310,
    }),
    fake.addOrganization({
      localizedName: 'Postdeck Demo Labs',
      vanityName: 'postdeck-demo-labs',
      admins: [{ memberId: member.id, role: 'CONTENT_ADMINISTRATOR' }],
      followers: 415,
    }),
  ];
  return { member, organizations };
}

function routes(app: FastifyInstance, ctx: FakeContext, state: LinkedInState, partBytes: number): void {
  oauthRoutes(app, ctx, state);
  organizationRoutes(app, ctx, state);
  mediaRoutes(app, ctx, state, partBytes);
  postRoutes(app, ctx, state);

  app.get<{ Params: { urn: string } }>('/feed/update/:urn', async (request, reply) => {
    const post = ctx.posts.get(request.params.urn);
    if (!post) return reply.code(404).type('text/plain').send('This post cannot be displayed.');
    return reply.type('text/html; charset=utf-8').send(postPage('LinkedIn', post));
  });

  // www.linkedin.com/company/<vanity name>: the organisation's page the adapter links.
  app.get<{ Params: { vanity: string } }>('/company/:vanity', async (request, reply) => {
    const org = [...state.organizations.values()].find((o) => o.vanityName === request.params.vanity);
    const urn = org && `urn:li:organization:${org.id}`;
    return sendProfile(
      reply,
      org && {
        platform: 'LinkedIn',
        name: org.localizedName,
        handle: org.vanityName,
        picture: org.logo && `/dms/media/${encodeURIComponent(org.logo)}`,
        posts: ctx.posts
          .all()
          .filter((post) => post.account === urn)
          .map((post) => ({ post, href: `/feed/update/${encodeURIComponent(post.id)}` })),
      },
      'This page does not exist.',
    );
  });

  app.get<{ Params: { name: string } }>('/dms/image/:name', async (_request, reply) =>
    reply.type('image/png').send(LOGO),
  );
}
