package graph

// Edits of the pack's named lists: object types, actions and scripts. Each
// element is addressed by its name. The Edit* functions change a copy of the
// element and may rename it (to a name no other element has); field names
// what they change, as a slash path below the element (see [Ref]):
// "properties/strength", "while/guard", "methods/attack/params",
// "params/card", "body", "code". Clauses of an object type are edited this
// way; clauses of a state with [EditState] ("clauses/whenever/draw").
//
// Names are what code and states use (possibleactions names actions, code
// names object types and calls scripts' functions): renaming one rewrites
// neither; the checks report what no longer resolves.

// AddObjectType returns the edit that inserts a copy of t at index (-1: at
// the end). A name already used is refused.
func AddObjectType(p *Pack, t *ObjectType, index int) (Edit, error) {
	return addElement(p, objectTypeList, t, index)
}

// DeleteObjectType returns the edit that deletes the object type name.
func DeleteObjectType(p *Pack, name string) (Edit, error) {
	return asEdit(deleteElement(p, objectTypeList, name))
}

// EditObjectType returns the edit that changes the object type name as change
// changes a copy of it.
func EditObjectType(p *Pack, name, field string, change func(*ObjectType)) (Edit, error) {
	return asEdit(changeElement(p, objectTypeList, name, field, change))
}

// MoveObjectType returns the edit that moves the object type name to index to.
func MoveObjectType(p *Pack, name string, to int) (Edit, error) {
	return moveElement(p, objectTypeList, name, to)
}

// AddAction returns the edit that inserts a copy of a at index (-1: at the
// end). A name already used is refused.
func AddAction(p *Pack, a *Action, index int) (Edit, error) {
	return addElement(p, actionList, a, index)
}

// DeleteAction returns the edit that deletes the action name.
func DeleteAction(p *Pack, name string) (Edit, error) {
	return asEdit(deleteElement(p, actionList, name))
}

// EditAction returns the edit that changes the action name as change changes
// a copy of it.
func EditAction(p *Pack, name, field string, change func(*Action)) (Edit, error) {
	return asEdit(changeElement(p, actionList, name, field, change))
}

// MoveAction returns the edit that moves the action name to index to.
func MoveAction(p *Pack, name string, to int) (Edit, error) {
	return moveElement(p, actionList, name, to)
}

// AddScript returns the edit that inserts a copy of s at index (-1: at the
// end). A name already used is refused.
func AddScript(p *Pack, s *Script, index int) (Edit, error) {
	return addElement(p, scriptList, s, index)
}

// DeleteScript returns the edit that deletes the script name.
func DeleteScript(p *Pack, name string) (Edit, error) {
	return asEdit(deleteElement(p, scriptList, name))
}

// EditScript returns the edit that changes the script name as change changes
// a copy of it.
func EditScript(p *Pack, name, field string, change func(*Script)) (Edit, error) {
	return asEdit(changeElement(p, scriptList, name, field, change))
}

// MoveScript returns the edit that moves the script name to index to.
func MoveScript(p *Pack, name string, to int) (Edit, error) {
	return moveElement(p, scriptList, name, to)
}

// asEdit turns a typed edit and error into an Edit, keeping a nil edit nil.
func asEdit[T any](e *put[T], err error) (Edit, error) {
	if err != nil {
		return nil, err
	}
	return e, nil
}
