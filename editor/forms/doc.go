// Package forms holds the forms of the editor: the [Inspector] (the form of
// the selected state, or of the pack's own keys) and the [ListPanel]s of
// the pack's named lists (object types, actions, scripts: a list and the
// form of the selected element), with the clause cards and parameter rows
// they share, and the [DisplayPanel]: the pack's display hints with a
// preview of them drawn as the table is (preview/scene/picture).
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
// The files:
//
//   - form.go: a Form, its sections and labelled rows, and the paths of
//     its fields; entry.go: text fields, live or on commit, and the
//     message line of a refusal; bind.go: code fields, drop-downs, check
//     boxes, lists of rows and labels computed from the pack.
//   - inspector.go: the Inspector and the pack's form; state.go: a state's
//     form, its allowed actions and transitions; params.go: parameter rows;
//     placeholders.go: the hint under a description.
//   - clauses.go: the kinds of clause; cards.go: their cards; cardfields.go:
//     the fields of each kind and literal values typed as YAML.
//   - panels.go: the ListPanel; lists.go: the object types, actions and
//     scripts panels built on it.
//   - display.go: the Display panel and its preview; display_table.go:
//     the table at the start of a match under it; display_fields.go:
//     its fields (decks, objects, boards, variables, locations), the
//     object type form's own hint among them; display_hints.go: reading
//     and editing the hints, one pack edit of the display key each.
//   - follow.go: following a rename; paths.go: a field's path in a form and
//     in the checks' findings; pack.go: small look-ups; host.go: [Host].
//
// It may import Fyne, graph, engine, preview/scene and
// preview/scene/picture (the Display panel's pictures) and the rooms editor/place, editor/ui and
// editor/style, never editor itself (internal/arch holds this). Start with form.go, then
// inspector.go and panels.go.
package forms
