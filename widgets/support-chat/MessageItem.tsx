/** One chat message: its text, attachment, video, FAQ answers, links and relative time. */
import { useState } from 'react';
import { relativeTimeSince } from '../../core/format/index.ts';
import type { Attachment, FaqItem } from '../../core/protocol/index.ts';

/** What a message row shows; stored messages and "sending…" ones alike. */
export interface MessageItemProps {
  text: string;
  createdAt: string;
  attachment: Attachment | null;
  video?: string | null;
  faq?: readonly FaqItem[];
  links?: readonly { name: string; path: string }[];
  /** Sent by the person looking at the panel. */
  mine: boolean;
  /** Who sent it, for screen readers: "You", "Support", the client's name. */
  author: string;
  /** Shows the author to everyone, where more than two people write (a P2P trade's chat). */
  showAuthor?: boolean;
  /** Awaiting the server's echo. */
  sending?: boolean;
  /** The current time, for the relative label. */
  now: number;
  /** Prefix for root-relative attachment paths (the API origin; '' for the page's own). */
  baseUrl: string;
}

const VIDEO_EXTENSION = /\.(mp4|webm|mov|mkv)(\?|#|$)/i;

/** Only web and root-relative links are followed; anything else (javascript:, data:) is not. */
export function safeHref(path: string, baseUrl = ''): string | null {
  if (path.startsWith('/') && !path.startsWith('//')) return `${baseUrl}${path}`;
  try {
    const url = new URL(path);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An attachment shown as an image (at most 250 px wide) or a video (at most 300 px).
 * Attachment URLs do not name their type, so an image that cannot be decoded is retried as a
 * video, and a video that cannot play becomes a plain link.
 */
function AttachmentMedia({ href }: { href: string }) {
  const [kind, setKind] = useState<'image' | 'video' | 'link'>(
    VIDEO_EXTENSION.test(href) ? 'video' : 'image',
  );
  if (kind === 'image') {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        <img
          className="sc-media-image"
          part="image"
          src={href}
          alt="Attachment"
          loading="lazy"
          onError={() => setKind('video')}
        />
      </a>
    );
  }
  if (kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: user attachments come without caption tracks.
      <video
        className="sc-media-video"
        part="video"
        src={href}
        controls
        preload="metadata"
        aria-label="Attached video"
        onError={() => setKind('link')}
      />
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      Open the attachment
    </a>
  );
}

/** A message bubble with its time label. */
export function MessageItem(props: MessageItemProps) {
  const attachmentHref = props.attachment ? safeHref(props.attachment.path, props.baseUrl) : null;
  const videoHref = props.video ? safeHref(props.video, props.baseUrl) : null;
  const links = (props.links ?? []).flatMap((link) => {
    const href = safeHref(link.path, props.baseUrl);
    return href ? [{ name: link.name, href }] : [];
  });
  const classes = ['sc-message', props.mine ? 'sc-mine' : '', props.sending ? 'sc-sending' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <article className={classes} part={props.mine ? 'message mine' : 'message'}>
      {props.showAuthor ? (
        <span className="sc-author">{props.author}</span>
      ) : (
        <span className="sc-sr">{`${props.author}:`}</span>
      )}
      <div className="sc-bubble">
        {props.text}
        {attachmentHref && <AttachmentMedia href={attachmentHref} />}
        {videoHref && <AttachmentMedia href={videoHref} />}
        {props.faq && props.faq.length > 0 && (
          <ul className="sc-faq" aria-label="Answers from the help center">
            {props.faq.map((item) => (
              <li key={item.question}>
                <details>
                  <summary>{item.question}</summary>
                  <p>{item.answer}</p>
                  {item.video && safeHref(item.video) && (
                    <a href={safeHref(item.video) ?? ''} target="_blank" rel="noopener noreferrer">
                      Watch the video
                    </a>
                  )}
                </details>
              </li>
            ))}
          </ul>
        )}
        {links.length > 0 && (
          <ul className="sc-links">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.name}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <span className="sc-meta">
        {props.sending ? (
          'sending…'
        ) : (
          <time dateTime={props.createdAt}>{relativeTimeSince(props.createdAt, props.now)}</time>
        )}
      </span>
    </article>
  );
}
