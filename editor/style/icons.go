package style

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/rulestudio/studio/graph"
)

// SeverityIcon is the theme icon of a diagnostic's severity.
func SeverityIcon(s graph.Severity) fyne.Resource {
	switch s {
	case graph.Error:
		return theme.NewErrorThemedResource(theme.ErrorIcon())
	case graph.Warning:
		return theme.NewWarningThemedResource(theme.WarningIcon())
	}
	return theme.InfoIcon()
}
