// Package compare is the room of the editor's window that compares two
// revisions of a project (File > Compare Revisions…): a [Panel] holding
//
//   - the state graph of both revisions merged (the later one, with what it
//     removed put back), each state and transition added, changed or
//     removed marked in its colour (diagram.Changes);
//   - the list of changes graph.Diff finds, each by its kind and path;
//     choosing one centres its state on the graph and shows the piece as
//     each revision has it, side by side, the lines that differ tinted
//     (go-difflib's matcher aligns them: merged.go, side.go);
//   - the change's impact, measured on demand (package preview/impact: the
//     project's recorded matches and scenarios replayed on both revisions,
//     matches played on both), with a progress bar and Cancel (impact.go).
//
// The window gives the panel its two packs and names, what to replay, and
// how to run work off its goroutine and hand results back (Config). The
// room imports editor/diagram, editor/style and editor/ui, graph,
// preview/impact and Fyne; never editor or another room (internal/arch).
package compare
