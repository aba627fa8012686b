/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each returns the process exit status; argv[0] is the subcommand's own name. */
int parlor_cli_selfplay_manhattan (int argc, char **argv);
int parlor_cli_replay             (int argc, char **argv);
int parlor_cli_review             (int argc, char **argv);
int parlor_cli_hint               (int argc, char **argv);
int parlor_cli_selfplay_triad     (int argc, char **argv);
int parlor_cli_triad              (int argc, char **argv);
int parlor_cli_mcr                (int argc, char **argv);
int parlor_cli_serve              (int argc, char **argv);
int parlor_cli_bot                (int argc, char **argv);
int parlor_cli_loadtest           (int argc, char **argv);
int parlor_cli_claimtiming        (int argc, char **argv);
int parlor_cli_discover           (int argc, char **argv);
int parlor_cli_selfplay_mcr       (int argc, char **argv);
int parlor_cli_jihai              (int argc, char **argv);
int parlor_cli_selfplay_jihai     (int argc, char **argv);
int parlor_cli_suzume             (int argc, char **argv);
int parlor_cli_selfplay_suzume    (int argc, char **argv);
int parlor_cli_arena              (int argc, char **argv);

G_END_DECLS
