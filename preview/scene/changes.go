package scene

// MarkChanges marks in after, a scene of a later step than before (the
// table shown before a step, then after it), each counter and score whose
// value changed, with its value in before: a window draws "26 ← 13" for a
// moment. Areas and counters are matched by ID; one that before does not
// have is not marked. It changes only after's Before and ScoreBefore.
func MarkChanges(before, after *Scene) {
	areas := make(map[string]*Area, len(before.Areas))
	for i := range before.Areas {
		areas[before.Areas[i].ID] = &before.Areas[i]
	}
	for i := range after.Areas {
		a := &after.Areas[i]
		was := areas[a.ID]
		if was == nil {
			continue
		}
		if a.Score != nil && was.Score != nil && *a.Score != *was.Score {
			score := *was.Score
			a.ScoreBefore = &score
		}
		values := make(map[string]string, len(was.Counters))
		for _, c := range was.Counters {
			values[c.ID] = c.Value
		}
		for j := range a.Counters {
			c := &a.Counters[j]
			if v, ok := values[c.ID]; ok && v != c.Value {
				c.Before = v
			}
		}
	}
}
