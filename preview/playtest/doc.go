// Package playtest plays many matches of a pack with bots and counts what
// happened on the rule graph: which states were entered, which transitions,
// actions and clauses were used (and which never were), how many legal
// actions each decision offered, how long matches ran, who won.
//
// The unit of work is a [Stats]: counts only, never means, so that the Stats
// of disjoint parts of a seed range, played on different machines, add up
// ([Stats.Merge]) to exactly the Stats of the whole range played at once.
// [Summarize] turns a Stats into a [Report] (means, rates, a 95% Wilson
// interval on the first seat's win rate, the never-used lists), which
// [Report.WriteText] prints for people and encoding/json for tools.
//
// Counts come from the match's own events (see engine.Event): a state's visit
// is a state_entered event with its StateID; a transition's use is the
// state_left event that names it, keyed "states/<from id>/transitions/<name>";
// an action's use is an action_taken event, keyed by its Clause
// ("actions/<name>"); a clause's firing is a clause_fired event (whenever,
// when) or a wrapper_applied event (while), keyed by its Clause path
// ("object_types/elf/whenever/lord").
package playtest
