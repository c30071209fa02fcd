package forms

import "slices"

// Forms and selections name what they edit as the pack does: an object
// type, action or script by its name, a state by its id as written. A
// rename changes that name while the element keeps its place in its list,
// whoever makes it: the form's own name field, the YAML view, undo or redo.
// So rather than trust each of those to tell every form, a form holds the
// name in an elementName that the panel showing it moves on after every
// edit (followRename), and every getter and setter of the form reads the
// name from there when it runs. The form is not built again, so the field
// the designer is in keeps the focus and nothing moves.

// elementName is the name of the element a form edits, as it is now.
type elementName struct{ name string }

// followRename finds the name the element called name in the list before
// has in the list after, when an edit renamed it: the list kept its length
// and at name's place there is a name before did not hold. ok is false when
// the element is still there under its name, was deleted, or the list
// changed in another way (nothing to follow: the caller falls back on what
// it does for a deleted element).
func followRename(before, after []string, name string) (to string, ok bool) {
	if len(before) != len(after) || slices.Contains(after, name) {
		return "", false
	}
	i := slices.Index(before, name)
	if i < 0 || slices.Contains(before, after[i]) {
		return "", false
	}
	return after[i], true
}
