/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include "cli-commands.h"

typedef struct
{
  const char *name;
  const char *game;   /* for "selfplay GAME", else NULL */
  int       (*run) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "selfplay", "manhattan", parlor_cli_selfplay_manhattan, "selfplay manhattan --seats L,L,L,L --games N --seed S [--json] [--log FILE]" },
  { "selfplay", "triad", parlor_cli_selfplay_triad, "selfplay triad --seats L,L --games N --seed S [--json] [--log FILE]" },
  { "selfplay", "jihai", parlor_cli_selfplay_jihai, "selfplay jihai --seats L,L --games N --seed S [--json] [--log FILE]" },
  { "selfplay", "suzume", parlor_cli_selfplay_suzume, "selfplay suzume --seats L,L[,L…] --games N --seed S [--json] [--log FILE]" },
  { "selfplay", "mcr", parlor_cli_selfplay_mcr, "selfplay mcr --seats L,L,L,L --games N --seed S [--hands 16|1] [--json] [--log FILE]" },
  { "arena", NULL, parlor_cli_arena, "arena mcr|jihai|suzume|manhattan --seats L,L,… --hands N --seed S [--duplicate] [--jobs J] [--json]" },
  { "replay", NULL, parlor_cli_replay, "replay FILE" },
  { "review", NULL, parlor_cli_review, "review FILE --seat S [--seed N] [--json]" },
  { "hint", NULL, parlor_cli_hint, "hint REPLAY [--seat S] [--json]" },
  { "triad", NULL, parlor_cli_triad, "triad solve  (positions on standard input)" },
  { "jihai", NULL, parlor_cli_jihai, "jihai score  (hands on standard input)" },
  { "suzume", NULL, parlor_cli_suzume, "suzume score  (hands on standard input)" },
  { "mcr", NULL, parlor_cli_mcr, "mcr fan [--bench FILE] | mcr shanten HAND" },
  { "serve", NULL, parlor_cli_serve, "serve --game ID --port P [--strength N] [--time-limit S] [--claim-limit S] [--announce]" },
  { "bot", NULL, parlor_cli_bot, "bot --connect HOST:PORT --name NAME --level LEVEL [--start-when N]" },
  { "loadtest", NULL, parlor_cli_loadtest, "loadtest --connect HOST:PORT --tables T --level L [--json]" },
  { "claimtiming", NULL, parlor_cli_claimtiming, "claimtiming --game mcr|jihai|suzume --windows N [--claim-minimum MS]" },
  { "discover", NULL, parlor_cli_discover, "discover [--json] [--timeout S]" },
};

static int
usage (FILE *out)
{
  fprintf (out, "Usage: parlor-cli COMMAND [OPTIONS…]\n\nCommands:\n");
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %s\n", commands[i].summary);
  return out == stdout ? 0 : 2;
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    return usage (stderr);
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    return usage (stdout);
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("parlor-cli %s\n", PACKAGE_VERSION);
      return 0;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const Command *cmd = &commands[i];

      if (!g_str_equal (cmd->name, argv[1]))
        continue;
      if (cmd->game == NULL)
        return cmd->run (argc - 1, argv + 1);
      if (argc >= 3 && g_str_equal (cmd->game, argv[2]))
        return cmd->run (argc - 2, argv + 2);
    }

  fprintf (stderr, "parlor-cli: unknown command “%s%s%s”\n\n",
           argv[1], argc >= 3 && g_str_equal (argv[1], "selfplay") ? " " : "",
           argc >= 3 && g_str_equal (argv[1], "selfplay") ? argv[2] : "");
  return usage (stderr);
}
