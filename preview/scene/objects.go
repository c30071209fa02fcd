package scene

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// objects adds every object of the view to a zone: its zone variable's
// value ("objects" without one) in its controller's area, or in the centre
// when it has no controller or its zone's hint says so (where the zone's
// objects of every seat are gathered, each keeping its owner).
func (b *builder) objects() {
	if len(b.v.Objects) == 0 {
		return
	}
	infos := map[int]engine.ObjectInfo{}
	for _, oi := range b.m.Objects() {
		infos[oi.ID] = oi
	}
	index := map[string]int{} // zone ID -> its index in its area's zones
	for _, ov := range b.v.Objects {
		o := b.object(ov, infos[ov.ID])
		zone, _ := ov.Variables["zone"].(string)
		if zone == "" {
			zone = "objects"
		}
		at, as := b.lies(zone, o.Owner, true)
		a, id := b.areas[0], "zone:"+zone
		if at == graph.AtSeat {
			a, id = b.area(o.Owner), id+"/"+strconv.Itoa(o.Owner)
		}
		i, ok := index[id]
		if !ok {
			i = len(a.Zones)
			index[id] = i
			z := Zone{ID: id, Name: zone, As: as}
			if at == graph.AtSeat {
				z.Owner = o.Owner
			}
			a.Zones = append(a.Zones, z)
		}
		z := &a.Zones[i]
		z.Count++
		z.Objects = append(z.Objects, o)
	}
}

// object reads one object of the view: its title, stats and tags, as its
// type's hint says. Properties (power and toughness are properties in the
// seed model) come from the match, and only when the view shows every
// variable and tag of the object: a property may be computed from what the
// view withholds.
func (b *builder) object(ov engine.ObjectView, oi engine.ObjectInfo) Object {
	hint, _ := b.hints.Object(ov.Type)
	o := Object{ID: "object:" + strconv.Itoa(ov.ID), Object: ov.ID, Type: ov.Type, Tags: ov.Tags, Title: ov.Type}
	if p, ok := ov.Variables["controller"].(map[string]any); ok {
		if s, ok := p["player"].(int); ok && s >= 1 && s <= b.n {
			o.Owner = s
		}
	}
	if b.seat != Designer && !b.m.SeesObject(b.seat-1, ov.ID) {
		o.Hidden, o.Title = true, ""
		return o
	}
	title := hint.Title
	if title == "" {
		title = "name"
	}
	if t, ok := ov.Variables[title]; ok {
		o.Title = b.text(t)
	}
	whole := b.seat == Designer || len(ov.Variables) == len(oi.Variables) && len(ov.Tags) == len(oi.Tags)
	props := map[string]string{}
	if whole {
		for _, p := range oi.Properties {
			props[p.Name] = p.Value
		}
	}
	stats := hint.Stats
	if len(stats) == 0 {
		stats = []string{"cost", "power", "toughness"}
	}
	for _, name := range stats {
		st := Stat{Name: name, Wrapped: whole && slices.Contains(oi.Wrapped, name)}
		if x, ok := ov.Variables[name]; ok {
			st.Value = b.text(x)
		} else if p, ok := props[name]; ok {
			st.Value = p
		} else {
			continue
		}
		o.Stats = append(o.Stats, st)
	}
	if hint.Image.Path != "" {
		o.Image = strings.ReplaceAll(hint.Image.Path, "{type}", ov.Type)
	}
	return o
}
