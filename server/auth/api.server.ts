import type { FastifyInstance } from 'fastify';
import {
  changeOwnPassword,
  inviteAdmin,
  listAdmins,
  normaliseEmail,
  removeAdmin,
  requestReset,
  resetWithToken,
  setAdminRole,
  ttlText,
} from './accounts.server';
import { ROLE_LABELS, ROLES } from '../../content/roles';
import { MIN_PASSWORD_LENGTH } from './password-policy.server';
import type { AccountSecurity } from './account-security.server';
import { lifetimesOf } from './security.server';
import { startSession } from './sessions.server';
import { purgeOldTokens } from './tokens.server';
import { AppError } from '../lib/errors';
import type { MailService } from '../mail/service.server';
import { escapeHtml } from '../mail/templates.server';
import type { Services } from '../services';
import { requireAdmin } from '../api/auth-hooks';
import { z } from 'zod';
import {
  ADMIN,
  answer,
  errors,
  fieldsBody,
  idField,
  PUBLIC,
  ROLES_OF,
  route,
  zodMessage,
  type FieldDoc,
} from '../api/route-schema';

const tags = ['Administrators'];
const RemoveBody = z.object({ admin_id: idField('admin_id') });
const roleField = z.enum(ROLES, `role must be one of ${ROLES.join(', ')}.`);
const RoleBody = z.object({ admin_id: idField('admin_id'), role: roleField });
const InviteRole = z.object({ role: roleField.default('admin') });
const sessionTags = ['Administrator session'];
const newPassword = (d: string): FieldDoc => ({
  type: 'string',
  description: `${d}: at least ${MIN_PASSWORD_LENGTH} characters, not a common password`,
  minLength: MIN_PASSWORD_LENGTH,
});
const int = z.number().int();
const AdminView = z.strictObject({
  admin_id: int,
  email: z.string(),
  status: z.enum(['active', 'invited']),
  created_at: z.string(),
  invited_by: z.string().nullable(),
  password_changed_at: z.string().nullable(),
  role: z.enum(ROLES).meta({ description: 'What the account may use (decision 0040)' }),
  two_factor: z.strictObject({
    totp: z.boolean().meta({ description: 'An authenticator app is set up' }),
    passkeys: int.meta({ description: 'Passkeys registered' }),
  }),
  last_login_at: z.string().nullable().meta({ description: 'The last completed sign-in' }),
});
// The fields below are checked by the account services with the spec's messages (fieldsBody).
const InviteBody = fieldsBody(
  {
    email: { type: 'string', description: 'Email', format: 'email' },
    role: { type: 'string', description: `${ROLES.join(', ')} (default admin)` },
  },
  ['email'],
);
const ChangePasswordBody = fieldsBody(
  { currentPassword: { type: 'string' }, newPassword: newPassword('The new password') },
  ['currentPassword', 'newPassword'],
);
const ForgotBody = fieldsBody({ email: { type: 'string', description: 'The account email', format: 'email' } }, [
  'email',
]);
const ResetBody = fieldsBody(
  { token: { type: 'string', description: 'The token from the link' }, password: newPassword('The new password') },
  ['token', 'password'],
);

/** Where the emailed links lead (outside the admin shell, never cached: they begin with /admin-login). */
export const RESET_PAGE = '/admin-login/reset-password';

export const FORGOT_ANSWER =
  'If an administrator account uses this email address, a link to reset the password is on its way. The link works once and expires in 30 minutes.';

function page(inner: string): string {
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2b44">${inner}</body></html>`;
}

/**
 * Administrator accounts: the list, invitations, removal, changing one's own password (all signed in),
 * and the two public calls behind 'Forgot Password?' (request a link, set a password with it).
 * Every message goes through the outbox.
 */
export function registerAdminAccountRoutes(
  app: FastifyInstance,
  services: Services,
  mail: MailService,
  security: AccountSecurity,
): void {
  const db = services.store.db;
  const admin = requireAdmin(services);
  const secure = services.config.publicUrl.startsWith('https:');
  const link = (token: string, invite: boolean) =>
    `${services.config.publicUrl}${RESET_PAGE}?token=${encodeURIComponent(token)}${invite ? '&welcome=1' : ''}`;

  const firmName = async () => (await services.settings.get()).firmName;

  async function sendInvite(to: string, token: string, invitedBy: string): Promise<void> {
    const firm = await firmName();
    const url = link(token, true);
    const ttl = ttlText('invite');
    const lines = [
      `${invitedBy} has invited you to manage the website of ${firm}.`,
      '',
      `Choose your password here (the link works once and expires in ${ttl}):`,
      url,
      '',
      `Then sign in at ${services.config.publicUrl}/admin-login with this email address.`,
      'If you did not expect this invitation, ignore this message.',
    ];
    await mail.queueMessage({
      kind: 'admin',
      to,
      subject: `Your administrator account for ${firm}`,
      text: lines.join('\n'),
      html: page(
        `<p>${escapeHtml(lines[0]!)}</p><p><a href="${escapeHtml(url)}">Choose your password</a> (the link works once and expires in ${ttl}).</p>` +
          `<p>Then sign in at <a href="${escapeHtml(`${services.config.publicUrl}/admin-login`)}">the admin login</a> with this email address.</p><p>${escapeHtml(lines[6]!)}</p>`,
      ),
    });
  }

  async function sendReset(to: string, token: string, ip: string): Promise<void> {
    const firm = await firmName();
    const url = link(token, false);
    const ttl = ttlText('reset');
    const lines = [
      `Someone (address ${ip}) asked to reset the password of your administrator account for ${firm}.`,
      '',
      `Choose a new password here (the link works once and expires in ${ttl}):`,
      url,
      '',
      'Every signed-in session of your account ends when the password changes.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ];
    await mail.queueMessage({
      kind: 'admin',
      to,
      subject: `Reset your administrator password for ${firm}`,
      text: lines.join('\n'),
      html: page(
        `<p>${escapeHtml(lines[0]!)}</p><p><a href="${escapeHtml(url)}">Choose a new password</a> (the link works once and expires in ${ttl}).</p>` +
          `<p>${escapeHtml(lines[5]!)}</p><p>${escapeHtml(lines[6]!)}</p>`,
      ),
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/admins/list',
    preHandler: admin,
    schema: {
      operationId: 'listAdmins',
      tags,
      roles: ROLES_OF.admin,
      summary:
        'Every account with its role (admin, editor or intake), status active or invited, two-factor status and last sign-in',
      security: ADMIN,
      response: {
        200: answer({
          admins: z.array(AdminView.extend({ you: z.boolean().meta({ description: 'The signed-in administrator' }) })),
          minPasswordLength: int,
        }),
      },
    },
    handler: async (req) => ({
      statusCode: 200,
      message: 'Administrators fetched successfully',
      admins: (await listAdmins(db)).map((a) => ({ ...a, you: a.admin_id === req.admin!.adminId })),
      minPasswordLength: MIN_PASSWORD_LENGTH,
    }),
  });

  route(app, {
    method: 'POST',
    url: '/api/admins/invite',
    preHandler: admin,
    schema: {
      operationId: 'inviteAdmin',
      tags,
      roles: ROLES_OF.admin,
      summary: `Invites an administrator by email: a one-time link to choose a password (${ttlText('invite')})`,
      description: 'Inviting a pending address again sends a fresh link; an existing active administrator answers 409.',
      security: ADMIN,
      body: InviteBody,
      response: { 200: answer({ admin: AdminView }), ...errors(400, 409) },
    },
    handler: async (req) => {
      const email = normaliseEmail(req.body.email);
      const parsedRole = InviteRole.safeParse({ role: req.body.role ?? undefined });
      if (!parsedRole.success) throw new AppError(400, zodMessage(parsedRole.error));
      const role = parsedRole.data.role;
      const { adminId, token, resent } = await inviteAdmin(db, email, req.admin!.email, role);
      await sendInvite(email, token, req.admin!.email);
      req.audit = {
        action: resent ? 'reinvite' : 'invite',
        target: 'admins',
        recordId: adminId,
        summary: `${email} (${ROLE_LABELS[role]})`,
      };
      const invited = (await listAdmins(db)).find((a) => a.admin_id === adminId);
      if (!invited) throw new Error(`The invited account ${adminId} is not in the list.`);
      return {
        statusCode: 200,
        message: resent
          ? `A new invitation was sent to ${email}.`
          : `Invitation sent to ${email}. The link works once and expires in ${ttlText('invite')}.`,
        admin: invited,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admins/remove',
    preValidation: admin,
    schema: {
      operationId: 'removeAdmin',
      tags,
      roles: ROLES_OF.admin,
      summary: 'Removes an administrator and ends their sessions; the last one who can sign in stays (409)',
      security: ADMIN,
      body: RemoveBody,
      response: { 200: answer(), ...errors(400, 404, 409) },
    },
    handler: async (req) => {
      const id = req.body.admin_id;
      const removed = await removeAdmin(db, id);
      // removeAdmin ended the account's sessions (they live in the database, so on every instance).
      req.audit = { action: 'remove', target: 'admins', recordId: id, summary: removed.email };
      return { statusCode: 200, message: `Administrator ${removed.email} removed. Their sessions have ended.` };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admins/role',
    preValidation: admin,
    schema: {
      operationId: 'setAdminRole',
      tags,
      summary: 'Gives an account another role (admin, editor or intake); its sessions end at once, on every instance',
      description:
        'The last active administrator cannot be given another role (409). Recorded in the audit log with the old and the new role.',
      roles: ROLES_OF.admin,
      security: ADMIN,
      body: RoleBody,
      response: { 200: answer({ admin: AdminView }), ...errors(400, 404, 409) },
    },
    handler: async (req) => {
      const { admin_id, role } = req.body;
      const { before, after } = await setAdminRole(
        db,
        admin_id,
        role,
        req.admin!.adminId === admin_id ? req.admin!.sessionId : undefined,
      );
      if (before.role === after.role) {
        return { statusCode: 200, message: `${after.email} already has the role ${ROLE_LABELS[role]}.`, admin: after };
      }
      req.audit = {
        action: 'change-role',
        target: 'admins',
        recordId: admin_id,
        summary: `${after.email}: ${before.role} → ${after.role}`,
      };
      await security.changed(
        req,
        after.email,
        `The role of your account was changed from ${ROLE_LABELS[before.role]} to ${ROLE_LABELS[after.role]} by ${req.admin!.email}. Your sessions have ended.`,
      );
      return {
        statusCode: 200,
        message: `${after.email} now has the role ${ROLE_LABELS[role]}. ${req.admin!.adminId === admin_id ? 'Your other sessions have' : 'Their sessions have'} ended.`,
        admin: after,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admins/changepassword',
    preHandler: admin,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      operationId: 'changeOwnPassword',
      tags,
      roles: ROLES_OF.staff,
      ownAccount: true,
      summary:
        'Changes the signed-in administrator’s password; every session of the account ends, this one gets a new cookie',
      security: ADMIN,
      body: ChangePasswordBody,
      response: { 200: answer(), ...errors(400) },
    },
    handler: async (req, reply) => {
      const b = req.body;
      const who = req.admin!;
      await changeOwnPassword(db, who.adminId, b.currentPassword, b.newPassword);
      // Every session of the account ended with the change; this browser gets a fresh one.
      await startSession(
        db,
        who.adminId,
        req,
        reply,
        secure,
        security.now().getTime(),
        lifetimesOf(await security.settings()),
      );
      req.audit = { action: 'change-password', target: 'admins', recordId: who.adminId, summary: who.email };
      await security.changed(
        req,
        who.email,
        'The password of your account was changed. Every other session of the account has ended.',
      );
      return { statusCode: 200, message: 'Password changed. Every other session of your account has ended.' };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admin/forgotpassword',
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    schema: {
      operationId: 'forgotPassword',
      tags: sessionTags,
      roles: PUBLIC,
      summary: `'Forgot Password?': emails a one-time link to choose a new password (expires in ${ttlText('reset')})`,
      description:
        'Answers the same 200 message whether or not an account uses the address; at most one mail a minute per account, 5 requests a minute per client address (429 above).',
      body: ForgotBody,
      response: { 200: answer(), ...errors(400) },
    },
    handler: async (req) => {
      const raw = req.body.email;
      if (typeof raw !== 'string' || !raw.trim()) throw new AppError(400, 'Please enter your email address.');
      const email = normaliseEmail(raw);
      await purgeOldTokens(db);
      const issued = await requestReset(db, email);
      if (issued) await sendReset(issued.email, issued.token, req.ip);
      return { statusCode: 200, message: FORGOT_ANSWER };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/admin/resetpassword',
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      operationId: 'resetPassword',
      tags: sessionTags,
      roles: PUBLIC,
      summary: 'Sets a password with the token from an emailed link (reset or invitation); the link works once',
      description:
        'Every session of the account ends. An invalid, used or expired token, or a weak password, answers 400 with the reason.',
      body: ResetBody,
      response: { 200: answer(), ...errors(400) },
    },
    handler: async (req) => {
      const b = req.body;
      const { purpose, email } = await resetWithToken(db, b.token, b.password);
      if (purpose === 'reset')
        await security.changed(
          req,
          email,
          'The password of your account was reset with an emailed link. Every session of the account has ended.',
        );
      return {
        statusCode: 200,
        message:
          purpose === 'invite'
            ? 'Your password is set. You can sign in now.'
            : 'Your password was changed and every session of your account has ended. You can sign in now.',
      };
    },
  });
}
