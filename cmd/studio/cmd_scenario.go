package main

import (
	"fmt"
	"github.com/rulestudio/studio/internal/input"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/preview/scenario"
	"github.com/rulestudio/studio/project"
)

func init() {
	cmd := &cobra.Command{
		Use:   "scenario",
		Short: "Keep scenario tests in a project: add, list, show, rm",
		Long: `scenario manages the scenario tests a project keeps (see docs/playtesting.md):
"studio test PROJECT" runs them, and so does the studio's Tests panel.`,
	}
	cmd.AddCommand(scenarioAddCmd(), scenarioListCmd(), scenarioShowCmd(), scenarioRmCmd())
	rootCmd.AddCommand(cmd)
}

// openProjectArg opens the project PROJECT names, refusing other packs.
func openProjectArg(path string, readOnly bool) (*project.Project, error) {
	if packfile.Detect(path) != packfile.Project {
		return nil, fmt.Errorf("%s is not a project (*%s); make one with studio import", path, project.Extension)
	}
	return project.Open(path, project.Options{ReadOnly: readOnly})
}

// scenarioAddCmd is `studio scenario add PROJECT FILE...`.
func scenarioAddCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "add PROJECT FILE...",
		Short: "Store scenario files in a project, each under its file name without .yaml",
		Long: `add reads each scenario FILE, checks that it reads as a scenario, and stores it in
PROJECT under its file name without ".yaml", replacing a scenario of that name, with
its transcript (FILE's .events file) when there is one. The files are stored together
or not at all: nothing is stored when one does not read.`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			var ss []project.Scenario
			for _, path := range args[1:] {
				s, err := readScenarioFile(path)
				if err != nil {
					return err
				}
				ss = append(ss, s)
			}
			proj, err := openProjectArg(args[0], false)
			if err != nil {
				return err
			}
			defer proj.Close()
			// One transaction: all are stored or none.
			if err := proj.PutScenarios(ss...); err != nil {
				return err
			}
			for _, s := range ss {
				fmt.Fprintf(cmd.OutOrStdout(), "stored %s\n", s.Name)
			}
			return proj.Close()
		},
	}
}

// readScenarioFile reads a scenario file and its transcript for the project.
func readScenarioFile(path string) (project.Scenario, error) {
	data, err := input.Read(path, input.Scenario)
	if err != nil {
		return project.Scenario{}, err
	}
	parsed, err := scenario.Parse(data, path)
	if err != nil {
		return project.Scenario{}, err
	}
	s := project.Scenario{Name: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), YAML: data}
	if err := project.CheckScenarioName(s.Name); err != nil {
		return project.Scenario{}, fmt.Errorf("%s: %w", path, err)
	}
	if tr, err := input.Read(parsed.TranscriptPath(), input.Scenario); err == nil {
		s.Events = tr
	}
	return s, nil
}

// scenarioListCmd is `studio scenario list PROJECT`.
func scenarioListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list PROJECT",
		Short: "List a project's scenarios by name: name, when stored (UTC), and whether it has a transcript",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			proj, err := openProjectArg(args[0], true)
			if err != nil {
				return err
			}
			defer proj.Close()
			ss, err := proj.Scenarios()
			if err != nil {
				return err
			}
			for _, s := range ss {
				line := fmt.Sprintf("%-24s  %s", s.Name, s.Time.UTC().Format("2006-01-02 15:04:05"))
				if s.Events != nil {
					line += "  transcript"
				}
				fmt.Fprintln(cmd.OutOrStdout(), line)
			}
			return nil
		},
	}
}

// scenarioShowCmd is `studio scenario show PROJECT NAME`.
func scenarioShowCmd() *cobra.Command {
	var events bool
	cmd := &cobra.Command{
		Use:   "show PROJECT NAME",
		Short: "Print a stored scenario's YAML (or with --events its transcript)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			proj, err := openProjectArg(args[0], true)
			if err != nil {
				return err
			}
			defer proj.Close()
			s, err := proj.Scenario(args[1])
			if err != nil {
				return err
			}
			out := s.YAML
			if events {
				if s.Events == nil {
					return fmt.Errorf("scenario %s has no transcript (studio test --bless makes one)", s.Name)
				}
				out = s.Events
			}
			_, err = cmd.OutOrStdout().Write(out)
			return err
		},
	}
	cmd.Flags().BoolVar(&events, "events", false, "print the blessed event transcript instead")
	return cmd
}

// scenarioRmCmd is `studio scenario rm PROJECT NAME...`.
func scenarioRmCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rm PROJECT NAME...",
		Short: "Remove scenarios from a project (their history stays in the file)",
		Args:  cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			proj, err := openProjectArg(args[0], false)
			if err != nil {
				return err
			}
			defer proj.Close()
			for _, name := range args[1:] {
				if err := proj.DeleteScenario(name); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "removed %s\n", name)
			}
			return proj.Close()
		},
	}
}
