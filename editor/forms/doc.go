// Package forms holds the forms of the editor: the [Inspector] (the form of
// the selected state, or of the pack's own keys) and the [ListPanel]s of
// the pack's named lists (object types, actions, scripts: a list and the
// form of the selected element), with the clause cards and parameter rows
// they share.
//
// Every field of a [Form] is a widget bound to one value of the pack by a
// [Getter] and a [Setter] that makes the edit (bind.go). Typing makes an
// edit per keystroke, merged into one step by a key naming the field;
// leaving the field seals the step. Ids and names others refer to change
// on Enter or when the designer leaves the field. After an edit the forms
// load their values again in place: a form is built once per element
// shown, a list of rows is rebuilt only when its length changes, and the
// field being typed in is not loaded again, so nothing moves under the
// cursor. A value a setter refuses stays in the field as typed, with why
// beside it. A form names its element through one cell its getters and
// setters read when they run, which the panel showing it moves on when the
// element is renamed (follow.go), so the form goes on editing it.
//
// The forms never see the window: what they need of it (the pack and its
// history, the status line, the focus, code fields, word of what they
// show) comes through the small [Host] interface package editor
// implements, and code fields are a [CodeField] the host makes.
//
// It may import Fyne, graph and the rooms editor/ui and editor/style, never
// editor itself (internal/arch holds this). Start with bind.go, then
// inspector.go and panels.go.
package forms
