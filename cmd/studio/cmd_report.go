package main

import (
	"errors"

	"github.com/rulestudio/studio/preview/playtest"
)

// writeHTMLReport writes r as a self-contained HTML page of charts.
func writeHTMLReport(path string, r playtest.Report) error {
	return errors.New("--report: not written yet")
}
