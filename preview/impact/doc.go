// Package impact says what a change of a pack's rules did to its matches:
// `studio diff PROJECT REV1 REV2 --impact` and the window's File > Compare
// Revisions… show what [Run] returns.
//
// [Run] takes the pack before and after (two revisions of a project), the
// project's recorded matches and scenarios, and a number of matches to
// play. It
//
//   - replays each recorded match on both packs (preview.Replay, then
//     preview.Baseline.Rerun, the live re-run's machinery) and reports
//     whether it still plays the same, the first engine step whose events
//     differ (and after how many moves), the move the new rules refuse, or
//     that the new rules do not load;
//   - runs each scenario on both packs (scenario.Run) and reports a pass
//     turned into a failure or back, and the first step whose events differ;
//   - plays the same matches on both packs (package playtest: the same
//     seeds, seats and bots) and compares the first seat's win rate (each
//     with its 95% Wilson interval, and McNemar's exact test, since match i
//     of both runs has the same seed), the distributions of the matches'
//     lengths, and the states entered and clauses fired whose rate per match
//     changed most.
//
// The result ([Report]) is plain data with JSON tags, for tools; its
// [Report.WriteText] prints it for people. Run is deterministic: the same
// packs, records, scenarios and Config give the same Report (the time taken
// aside), whatever the number of jobs.
//
// The package imports graph, engine, preview and its playtest and scenario
// packages, and gonum for the statistics; never Fyne, SQLite or the project
// file: the caller reads revisions, matches and scenarios and hands them in.
package impact
