package code

import (
	"errors"
	"fmt"

	"github.com/rulestudio/studio/graph"
)

// editOf makes the edit that gives the document shown the text: nil when
// the text says what the pack holds already.
func (v *YAMLView) editOf(p *graph.Pack, text string) (graph.Edit, error) {
	t := v.target
	text += "\n"
	if t.Kind == graph.AllRef || t.Kind == "" {
		q, err := graph.Parse([]byte(text), "")
		if err != nil {
			return nil, err
		}
		return graph.ReplacePack(p, q, "edit the pack's YAML"), nil
	}
	key := map[graph.RefKind]string{graph.StateRef: "states", graph.ObjectTypeRef: "object_types",
		graph.ActionRef: "actions", graph.ScriptRef: "scripts"}[t.Kind]
	const head = "format: 1\npack: yaml\n"
	q, err := graph.Parse([]byte(head+key+":\n"+text), "")
	if err != nil {
		var pe *graph.PosError
		if errors.As(err, &pe) {
			out := *pe
			out.Pos.Line -= 3 // the lines added above the text
			return nil, &out
		}
		return nil, err
	}
	switch t.Kind {
	case graph.StateRef:
		if len(q.States) != 1 {
			return nil, fmt.Errorf("the text must hold one state, it holds %d", len(q.States))
		}
		ns := q.States[0]
		if ns.ID.String() != t.Name {
			to := ns.ID.String()
			ed, err := graph.Sequence(p, "edit state "+t.Name+" as YAML",
				func(p *graph.Pack) (graph.Edit, error) { return graph.ChangeStateID(p, t.Name, ns.ID) },
				func(p *graph.Pack) (graph.Edit, error) {
					return graph.EditState(p, to, "", func(s *graph.State) { *s = *ns })
				})
			if err == nil {
				v.target.Name = to
				v.w.Renamed(graph.StateRef, to)
			}
			return ed, err
		}
		return graph.EditState(p, t.Name, "", func(s *graph.State) { *s = *ns })
	case graph.ObjectTypeRef:
		if len(q.ObjectTypes) != 1 {
			return nil, fmt.Errorf("the text must hold one object type, it holds %d", len(q.ObjectTypes))
		}
		nt := q.ObjectTypes[0]
		ed, err := graph.EditObjectType(p, t.Name, "", func(o *graph.ObjectType) { *o = *nt })
		if err == nil {
			v.followRename(nt.Name)
		}
		return ed, err
	case graph.ActionRef:
		if len(q.Actions) != 1 {
			return nil, fmt.Errorf("the text must hold one action, it holds %d", len(q.Actions))
		}
		na := q.Actions[0]
		ed, err := graph.EditAction(p, t.Name, "", func(a *graph.Action) { *a = *na })
		if err == nil {
			v.followRename(na.Name)
		}
		return ed, err
	default:
		if len(q.Scripts) != 1 {
			return nil, fmt.Errorf("the text must hold one script, it holds %d", len(q.Scripts))
		}
		ns := q.Scripts[0]
		ed, err := graph.EditScript(p, t.Name, "", func(s *graph.Script) { *s = *ns })
		if err == nil {
			v.followRename(ns.Name)
		}
		return ed, err
	}
}

// followRename keeps showing an element the text renamed.
func (v *YAMLView) followRename(to string) {
	if to == v.target.Name {
		return
	}
	v.target.Name = to
	v.w.Renamed(v.target.Kind, to)
}
