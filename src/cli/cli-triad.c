/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <stdio.h>

#include "cli-commands.h"

int
parlor_cli_selfplay_triad (int   argc,
     char **argv)
{
  fprintf (stderr, "parlor-cli: %s is not available yet\n", argv[0]);
  return 2;
}

int
parlor_cli_triad (int   argc,
     char **argv)
{
  fprintf (stderr, "parlor-cli: %s is not available yet\n", argv[0]);
  return 2;
}

