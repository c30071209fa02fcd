package main

import (
	"io"

	"github.com/rulestudio/studio/graph/packfile"

	"github.com/rulestudio/studio/preview/playtest"
)

// writeHTMLReport writes r as a self-contained HTML page of charts, whole
// or not at all.
func writeHTMLReport(path string, r playtest.Report) error {
	return writeFile(path, r.WriteHTML)
}

// writeFile writes path with what write writes, whole or not at all.
func writeFile(path string, write func(io.Writer) error) error {
	return packfile.WriteFile(path, write)
}
