package forms

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// Entry is a text field that reports losing the focus.
type Entry struct {
	widget.Entry
	onLeave func()
	bind    *textBind
}

func newEntry(multi bool) *Entry {
	en := &Entry{}
	en.MultiLine = multi
	if multi {
		en.Wrapping = fyne.TextWrapWord
	}
	en.ExtendBaseWidget(en)
	return en
}

// TypedKey passes the window-wide keys on (ui.ToWindow).
func (en *Entry) TypedKey(ev *fyne.KeyEvent) {
	if !ui.ToWindow(en, ev) {
		en.Entry.TypedKey(ev)
	}
}

// TypedShortcut passes the window's shortcuts on (ui.ShortcutToWindow) and the
// others to the entry.
func (en *Entry) TypedShortcut(s fyne.Shortcut) {
	if !ui.ShortcutToWindow(en, s) {
		en.Entry.TypedShortcut(s)
	}
}

// FocusLost calls onLeave.
func (en *Entry) FocusLost() {
	en.Entry.FocusLost()
	if en.onLeave != nil {
		en.onLeave()
	}
}

// textBind binds an entry: live (an edit per keystroke, merged under key)
// or on commit (Enter or leaving the field).
//
// A text the setter refuses is never dropped: it stays in the field, the
// status line and the field's message line (when it has one) say why, and
// the field is not loaded again while the pack's value is the one it had
// then; a value the setter takes, or a change of the pack's value (undo),
// ends the refusal.
type textBind struct {
	f       *Form
	entry   *Entry
	get     Getter
	set     Setter
	key     string
	live    bool
	typing  bool // the entry is making an edit: do not load it again now
	loading bool // the entry is being loaded: its OnChanged is not the designer's

	msg     *messageLine // where a refusal is explained, or nil
	refused bool         // the field holds a text the setter refused
	kept    string       // the pack's value when it was refused
}

// text adds a field edited as the designer types; key names it for merging
// ("state 21/description").
func (f *Form) text(label, path, key string, multi bool, get Getter, set Setter) *Entry {
	return f.entry(label, path, key, multi, true, get, set)
}

// commit adds a field whose edit is made on Enter or when the designer leaves
// it; a value the edit refuses stays in the field, the status line saying
// why (see textBind).
func (f *Form) commit(label, path string, get Getter, set Setter) *Entry {
	return f.entry(label, path, "", false, false, get, set)
}

func (f *Form) entry(label, path, key string, multi, live bool, get Getter, set Setter) *Entry {
	b := &textBind{f: f, entry: newEntry(multi), get: get, set: set, key: key, live: live}
	en := b.entry
	en.bind = b
	if live {
		en.OnChanged = func(s string) { b.changed(s) }
		en.onLeave = f.host.Seal
	} else {
		en.OnSubmitted = func(s string) { b.commitText(s) }
		en.onLeave = func() { b.commitText(en.Text) }
	}
	f.binds = append(f.binds, b)
	f.place(path, en)
	if label != "" {
		f.row(label, en)
	}
	b.load(f.host.Pack())
	return en
}

func (b *textBind) changed(s string) {
	if b.loading {
		return
	}
	p := b.f.host.Pack()
	ed, err := b.set(p, s)
	if err != nil {
		b.refuse(p, err)
		return
	}
	b.accepted()
	b.typing = true
	b.f.host.Merge(b.key, ed)
	b.typing = false
}

func (b *textBind) commitText(s string) {
	p := b.f.host.Pack()
	if v, ok := b.get(p); !ok || v == s {
		b.accepted()
		return
	}
	ed, err := b.set(p, s)
	if err != nil {
		b.refuse(p, err)
		return
	}
	b.accepted()
	b.f.host.Do(ed)
}

// refuse keeps the text the setter refused in the field and says why.
func (b *textBind) refuse(p *graph.Pack, err error) {
	b.refused = true
	b.kept, _ = b.get(p)
	b.f.fail(err)
	if b.msg != nil {
		b.msg.refuse(err.Error() + " (the pack keeps " + quoteOrEmpty(b.kept) + ")")
	}
}

// accepted ends a refusal: the field's text is the pack's again.
func (b *textBind) accepted() {
	if b.refused {
		b.refused = false
		if b.msg != nil {
			b.msg.clear()
		}
	}
}

// quoteOrEmpty quotes v for a message, or says it is empty.
func quoteOrEmpty(v string) string {
	if v == "" {
		return "nothing"
	}
	return strconv.Quote(v)
}

func (b *textBind) load(p *graph.Pack) {
	if b.typing || p == nil {
		return
	}
	v, ok := b.get(p)
	if !ok {
		return
	}
	if b.refused {
		if v == b.kept {
			return // the designer's text stays until they change it or the pack's value changes
		}
		b.accepted()
	}
	if b.entry.Text == v {
		return
	}
	b.loading = true
	b.entry.SetText(v)
	b.loading = false
}

// messageLine is a line under a field that says why the field refused what
// was typed, and otherwise holds a hint. It is never empty, so that it
// takes the same room whether or not it has something to say: nothing below
// it moves when a refusal comes or goes.
type messageLine struct {
	label *widget.Label
	hint  string
}

// message adds a message line holding hint for the fields given (see
// textBind), at path.
func (f *Form) message(path, hint string, fields ...*Entry) *widget.Label {
	m := f.messageFor(path, hint)
	m.attach(fields...)
	f.row("", m.label)
	return m.label
}

// messageFor makes a message line holding hint at path, for the caller to
// place in the form (after the fields it attaches, which may be in list
// rows built later).
func (f *Form) messageFor(path, hint string) *messageLine {
	m := &messageLine{label: widget.NewLabel(hint), hint: hint}
	m.label.Importance = widget.LowImportance
	m.label.Truncation = fyne.TextTruncateEllipsis // one line whatever it says (the status line has it whole)
	f.place(path, m.label)
	return m
}

// attach makes m the message line of fields.
func (m *messageLine) attach(fields ...*Entry) {
	for _, en := range fields {
		en.bind.msg = m
	}
}

func (m *messageLine) refuse(text string) {
	m.label.Importance = widget.DangerImportance
	m.label.SetText(text)
}

func (m *messageLine) clear() {
	m.label.Importance = widget.LowImportance
	m.label.SetText(m.hint)
}
