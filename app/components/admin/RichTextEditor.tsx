import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { MouseEvent } from 'react';

/**
 * Rich-text field (TipTap). Uncontrolled: it starts from `initial` (remount it with a new key to load
 * other content) and reports HTML on every change. The page treats an empty editor ('<p></p>') as empty.
 */
export function RichTextEditor(props: { id: string; labelId: string; initial: string; onChange(html: string): void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Image],
    content: props.initial || '',
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id: props.id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': props.labelId,
        class: 'form-control admin-rte-content',
      },
    },
    onUpdate: ({ editor: e }) => props.onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <div className="admin-rte">
      {editor ? <Toolbar editor={editor} controls={props.id} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

/**
 * A mouse press on a toolbar button leaves the focus and the selection in the editor, so what is typed
 * right after clicking Bold lands in the text (a keyboard user reaches the buttons by Tab as usual).
 */
function keepEditorFocus(e: MouseEvent) {
  e.preventDefault();
}

function Toolbar({ editor, controls }: { editor: Editor; controls: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  const buttons: { key: keyof typeof state; text: string; name: string; run(): void }[] = [
    { key: 'bold', text: 'B', name: 'Bold', run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', text: 'I', name: 'Italic', run: () => editor.chain().focus().toggleItalic().run() },
    { key: 'underline', text: 'U', name: 'Underline', run: () => editor.chain().focus().toggleUnderline().run() },
    { key: 'h2', text: 'H2', name: 'Heading', run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
    { key: 'h3', text: 'H3', name: 'Subheading', run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    {
      key: 'bullet',
      text: '• List',
      name: 'Bulleted list',
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'ordered',
      text: '1. List',
      name: 'Numbered list',
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    { key: 'quote', text: '“ ”', name: 'Quote', run: () => editor.chain().focus().toggleBlockquote().run() },
  ];
  return (
    <div className="btn-toolbar gap-1 mb-1" role="toolbar" aria-label="Formatting" aria-controls={controls}>
      {buttons.map((b) => (
        <ToolButton key={b.key} text={b.text} name={b.name} run={b.run} pressed={state[b.key]} />
      ))}
      <ToolButton text="↶" name="Undo" run={() => editor.chain().focus().undo().run()} />
      <ToolButton text="↷" name="Redo" run={() => editor.chain().focus().redo().run()} />
    </div>
  );
}

/** One toolbar button: its sign shown, its name read out; `pressed` for a format that is on or off. */
function ToolButton({ text, name, run, pressed }: { text: string; name: string; run(): void; pressed?: boolean }) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${pressed ? 'btn-dark' : 'btn-outline-dark'}`}
      aria-pressed={pressed}
      title={name}
      onMouseDown={keepEditorFocus}
      onClick={run}
    >
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{name}</span>
    </button>
  );
}
