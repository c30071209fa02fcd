package editor

import (
	"math"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/diagram"
)

// drawing refreshes v and returns what it drew.
func drawing(v *diagram.View) diagram.Drawing {
	test.WidgetRenderer(v).Refresh()
	return v.Drawing()
}

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 0.01 }
