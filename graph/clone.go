package graph

import "reflect"

// Clone returns a deep copy of p: no slice, map or pointer of the copy is shared
// with p, so either can be edited (or handed to another goroutine) without the
// other seeing it. Positions, the source file name and the editor section are
// copied too. Clone of nil is nil.
//
// The copy is made by reflection over the model's types, so a field added to
// any of them is copied without changes here.
func (p *Pack) Clone() *Pack {
	if p == nil {
		return nil
	}
	out := deepCopy(reflect.ValueOf(p))
	return out.Interface().(*Pack)
}

// deepCopy returns a copy of v that shares no memory with it. Structs are
// copied whole first (so unexported fields such as Code's block flag come
// along), then each exported field that can hold references is copied again.
func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(deepCopy(v.Elem()))
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(deepCopy(v.Index(i)))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		iter := v.MapRange()
		for iter.Next() {
			out.SetMapIndex(deepCopy(iter.Key()), deepCopy(iter.Value()))
		}
		return out
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(deepCopy(v.Elem()))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && holdsReferences(v.Field(i).Kind()) {
				out.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return out
	}
	return v
}

// holdsReferences reports whether a value of kind k may share memory when
// copied by assignment.
func holdsReferences(k reflect.Kind) bool {
	switch k {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Struct, reflect.Interface:
		return true
	}
	return false
}
