import type { WebhookEvent } from './webhook-event';

const VERBS: Record<WebhookEvent['event'], string> = {
  asked: 'asks',
  answered: 'was answered',
  expired: 'expired',
  cancelled: 'was cancelled',
};

/** Slack's incoming-webhook body: `text` (the notification fallback) and mrkdwn section blocks. */
export interface SlackBody {
  text: string;
  blocks: Array<{ type: 'section'; text: { type: 'mrkdwn'; text: string } }>;
}

/** Discord's execute-webhook body: `content` (≤ 2,000 chars), one embed, and no pings. */
export interface DiscordBody {
  content: string;
  embeds: Array<{ title: string; description: string; url?: string; timestamp: string }>;
  allowed_mentions: { parse: never[] };
}

/** One line saying who asked what kind of thing and what happened to it. */
function headline(event: WebhookEvent): string {
  const { request } = event;
  const who = request.agent ?? request.source;
  const outcome = request.decision ? ` (${request.decision})` : '';
  return event.event === 'asked'
    ? `${who} ${VERBS.asked} (${request.kind})`
    : `${who}'s ${request.kind} request ${VERBS[event.event]}${outcome}`;
}

/** Slack treats `&`, `<` and `>` as markup (`<!channel>` pings everyone): escaped. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The Slack incoming-webhook body for an event (section text stays under Slack's 3,000). */
export function slackBody(event: WebhookEvent): SlackBody {
  const title = slackEscape(headline(event));
  const link = event.request.url ? `\n<${event.request.url}|Open in the inbox>` : '';
  const quoted = slackEscape(event.request.question)
    .split('\n')
    .map((line) => `>${line}`)
    .join('\n');
  return {
    text: title,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `*${title}*\n${quoted}${link}` } }],
  };
}

/** The Discord execute-webhook body for an event; mentions in the question never ping. */
export function discordBody(event: WebhookEvent): DiscordBody {
  const title = headline(event).slice(0, 256);
  return {
    content: title,
    embeds: [
      {
        title,
        description: event.request.question,
        ...(event.request.url ? { url: event.request.url } : {}),
        timestamp: event.at,
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
