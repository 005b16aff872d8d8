/**
 * Mail delivery settings (README, "Configuration"): `SMTP_URL` names the mail server as
 * nodemailer reads it (`smtp://user:pass@host:587`, `smtps://...:465`); absent = nothing is sent
 * and the outbox keeps every message "not sent". `MAIL_FROM` is the sender address of every
 * message (default `bureau@localhost`); the user who wrote a lead e-mail is its Reply-To.
 */
export interface MailConfig {
  smtpUrl?: string;
  from: string;
}

/**
 * Reads `SMTP_URL` and `MAIL_FROM`.
 * @throws Error when `SMTP_URL` is not an smtp: or smtps: URL
 */
export function loadMailConfig(env: Record<string, string | undefined>): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) {
    const url = URL.parse(smtpUrl);
    if (!url || !/^smtps?:$/.test(url.protocol))
      throw new Error('SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587');
  }
  return { smtpUrl, from: env.MAIL_FROM?.trim() || 'bureau@localhost' };
}
