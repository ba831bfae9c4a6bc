/**
 * The floating admin assistant (spec sections 2, 4, 5 and 8): a button at the bottom right toggles a
 * chat panel. On mount it loads the administrator's history; with none, or when loading fails, it greets.
 * While a reply is pending it shows 'just a sec...'. Empty or whitespace prompts are ignored; Enter or
 * the send icon sends. Replies are plain text; admin paths in them become links (never injected HTML).
 */
import {
  Fragment,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { api } from '~/lib/api';

export const GREETING = 'Hello Admin! How can I assist you today?';
export const WAITING = 'just a sec...';
export const NO_ANSWER = "Sorry, I couldn't find an answer.";
export const FAILED = 'Oops! Something went wrong. Please try again later.';

interface ChatMessage {
  id: number;
  sender: 'user' | 'bot';
  message: string;
}

interface HistoryItem {
  prompt: string;
  response: string;
}

/** Admin paths (client-side links) and the public paths the assistant mentions (opened in a new tab). */
const LINK =
  /(\/admin-side-bar\/[a-z-]+|\/(?:events|blog-details|our-case-details|our-case-details-view)\/[^\s,;()'"]+|\/(?:event|blog|vacancies|faqs|gallery|our-case|book-consultation|about-us|contact)(?![\w/-]))/g;

/** Darker than Bootstrap's primary so links keep a 4.5:1 contrast on the bubbles. */
const LINK_STYLE = { color: '#0a58ca', fontWeight: 600 } as const;

/** Plain text with its paths turned into links. React escapes every piece: nothing is parsed as HTML. */
export function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    let path = m[0];
    // A sentence's full stop is not part of the path.
    while (/[.:]$/.test(path)) path = path.slice(0, -1);
    const start = m.index ?? 0;
    if (start > last) out.push(text.slice(last, start));
    out.push(
      path.startsWith('/admin-side-bar/') ? (
        <Link key={start} to={path} style={LINK_STYLE}>
          {path}
        </Link>
      ) : (
        <a key={start} href={path} target="_blank" rel="noopener noreferrer" style={LINK_STYLE}>
          {path}
        </a>
      ),
    );
    last = start + path.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function ChatIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M2.678 11.894a1 1 0 0 1 .287.801 11 11 0 0 1-.398 2c1.395-.323 2.247-.697 2.634-.893a1 1 0 0 1 .71-.074A8 8 0 0 0 8 14c3.996 0 7-2.807 7-6s-3.004-6-7-6-7 2.808-7 6c0 1.468.617 2.83 1.678 3.894m-.493 3.905a22 22 0 0 1-.713.129c-.2.032-.352-.176-.273-.362a10 10 0 0 0 .244-.637l.003-.01c.248-.72.45-1.548.524-2.319C.743 11.37 0 9.76 0 8c0-3.866 3.582-7 8-7s8 3.134 8 7-3.582 7-8 7a9 9 0 0 1-2.347-.306c-.52.263-1.639.742-3.468 1.105" />
    </svg>
  );
}

function SendIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M15.854.146a.5.5 0 0 1 .11.54l-5.819 14.547a.75.75 0 0 1-1.329.124l-3.178-4.995L.643 7.184a.75.75 0 0 1 .124-1.33L15.314.037a.5.5 0 0 1 .54.11ZM6.636 10.07l2.761 4.338L14.13 2.576zm6.787-8.201L1.591 6.602l4.339 2.76z" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M2.146 2.854a.5.5 0 1 1 .708-.708L8 7.293l5.146-5.147a.5.5 0 0 1 .708.708L8.707 8l5.147 5.146a.5.5 0 0 1-.708.708L8 8.707l-5.146 5.147a.5.5 0 0 1-.708-.708L7.293 8z" />
    </svg>
  );
}

export function ChatWidget() {
  const ids = useId();
  const panelId = `${ids}-panel`;
  const titleId = `${ids}-title`;
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [input, setInput] = useState('');
  const nextId = useRef(1);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  const make = useCallback(
    (sender: ChatMessage['sender'], message: string): ChatMessage => ({ id: nextId.current++, sender, message }),
    [],
  );

  // History on mount; none, or a failure, gives the greeting.
  useEffect(() => {
    const ctrl = new AbortController();
    (async () => {
      let items: ChatMessage[] = [];
      try {
        const res = await api<{ history?: HistoryItem[] }>('/api/ai/getaichat', { signal: ctrl.signal });
        const history = res.ok && Array.isArray(res.body.history) ? res.body.history : [];
        items = history.flatMap((h) => [
          make('user', String(h.prompt ?? '')),
          make('bot', String(h.response ?? '') || NO_ANSWER),
        ]);
      } catch {
        if (ctrl.signal.aborted) return;
      }
      if (ctrl.signal.aborted) return;
      setMessages((now) => [...(items.length ? items : [make('bot', GREETING)]), ...now]);
      setLoaded(true);
    })();
    return () => ctrl.abort();
  }, [make]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    const log = logRef.current;
    if (log && open) log.scrollTop = log.scrollHeight;
  }, [messages, waiting, open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const prompt = input.trim();
    if (!prompt || waiting) return;
    setInput('');
    setMessages((m) => [...m, make('user', prompt)]);
    setWaiting(true);
    let reply: string;
    try {
      const res = await api<{ response?: unknown }>('/api/ai/createai', { json: { prompt } });
      if (!res.ok) throw new Error(res.body.message ?? `HTTP ${res.status}`);
      const r = res.body.response;
      reply = typeof r === 'string' && r.trim() ? r : NO_ANSWER;
    } catch {
      reply = FAILED;
    }
    setMessages((m) => [...m, make('bot', reply)]);
    setWaiting(false);
  };

  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    }
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-primary rounded-circle shadow d-flex align-items-center justify-content-center"
        style={{ position: 'fixed', right: 20, bottom: 20, width: 56, height: 56, zIndex: 1060 }}
        aria-label="Assistant"
        aria-expanded={open}
        aria-controls={panelId}
        title={open ? 'Close the assistant' : 'Open the assistant'}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
      </button>
      <section
        id={panelId}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={onPanelKey}
        className="card shadow"
        style={{
          position: 'fixed',
          right: 20,
          bottom: 88,
          width: 'min(380px, calc(100vw - 40px))',
          height: 'min(520px, calc(100vh - 120px))',
          zIndex: 1060,
          display: open ? 'flex' : 'none',
          flexDirection: 'column',
        }}
      >
        <header className="card-header d-flex align-items-center justify-content-between py-2">
          <h2 id={titleId} className="h6 m-0">
            Admin assistant
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label="Close assistant"
            onClick={close}
          >
            <CloseIcon />
          </button>
        </header>
        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label="Conversation"
          aria-busy={!loaded || waiting}
          className="card-body overflow-auto d-flex flex-column gap-2"
          style={{ flex: 1 }}
        >
          {messages.map((m) => (
            <div
              key={m.id}
              className={`chat-message chat-${m.sender} rounded px-3 py-2 ${m.sender === 'user' ? 'align-self-end bg-primary text-white' : 'align-self-start bg-white border'}`}
              style={{ maxWidth: '88%', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-sender={m.sender}
            >
              <span className="visually-hidden">{m.sender === 'user' ? 'You: ' : 'Assistant: '}</span>
              {m.sender === 'bot' ? linkify(m.message).map((n, i) => <Fragment key={i}>{n}</Fragment>) : m.message}
            </div>
          ))}
          {waiting && (
            <div
              className="chat-message chat-bot chat-waiting rounded px-3 py-2 align-self-start bg-light border fst-italic"
              data-sender="bot"
            >
              {WAITING}
            </div>
          )}
        </div>
        <form className="card-footer d-flex gap-2" onSubmit={send}>
          <label htmlFor={`${ids}-input`} className="visually-hidden">
            Ask the assistant
          </label>
          <input
            ref={inputRef}
            id={`${ids}-input`}
            type="text"
            className="form-control"
            placeholder="Ask me anything…"
            autoComplete="off"
            maxLength={2000}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" aria-label="Send" disabled={waiting}>
            <SendIcon />
          </button>
        </form>
      </section>
    </>
  );
}
