package main

import (
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/preview/playtest"
)

// writeHTMLReport writes r as a self-contained HTML page of charts, whole
// or not at all.
func writeHTMLReport(path string, r playtest.Report) error {
	return packfile.WriteFile(path, r.WriteHTML)
}
