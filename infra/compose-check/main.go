// Command compose-check validates a compose file with compose-go, the loader
// inside `docker compose config`, for machines that have the docker client
// but no compose plugin. Usage: compose-check [-f docker-compose.yml]
// Interpolates from the environment and a .env file next to the compose file,
// checks the file against the compose specification, and resolves the model
// (anchors, merges, depends_on targets, build contexts).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	file := flag.String("f", "docker-compose.yml", "compose file to validate")
	flag.Parse()

	options, err := cli.NewProjectOptions([]string{*file},
		cli.WithOsEnv,
		cli.WithDotEnv,
		cli.WithName("cine"),
		cli.WithResolvedPaths(true),
	)
	if err != nil {
		fail(err)
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fail(err)
	}
	for name, service := range project.Services {
		if service.Build != nil {
			if _, err := os.Stat(service.Build.Context); err != nil {
				fail(fmt.Errorf("service %s: build context: %w", name, err))
			}
			dockerfile := service.Build.Dockerfile
			if dockerfile != "" && dockerfile[0] != '/' {
				dockerfile = service.Build.Context + "/" + dockerfile
			}
			if _, err := os.Stat(dockerfile); err != nil {
				fail(fmt.Errorf("service %s: dockerfile: %w", name, err))
			}
		}
	}
	fmt.Printf("%s: valid, %d services\n", *file, len(project.Services))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "compose-check:", err)
	os.Exit(1)
}
