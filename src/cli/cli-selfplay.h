/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "parlor-game.h"
#include "parlor-line.h"

G_BEGIN_DECLS

/*
 * One self-play loop for every game's `selfplay` command: the options every
 * game has, seat rotation, seeding, a match played through the ParlorGame
 * interface, decision times per seat, the --log replay and the totals. Each
 * game describes itself with a ParlorCliSelfplayGame: its texts, its own
 * options and figures, and hooks that read results and print the report.
 */

#define PARLOR_CLI_SELFPLAY_MAX_SEATS 8

typedef struct _ParlorCliSelfplayGame ParlorCliSelfplayGame;

/* One game (or match) of a run; figures are per --seats item. */
typedef struct
{
  guint      index;
  guint64    seed;                                      /* of this game */
  int        item_at[PARLOR_CLI_SELFPLAY_MAX_SEATS];    /* --seats item at each seat */
  double     ms_total[PARLOR_CLI_SELFPLAY_MAX_SEATS];
  double     ms_max[PARLOR_CLI_SELFPLAY_MAX_SEATS];
  guint      n_moves[PARLOR_CLI_SELFPLAY_MAX_SEATS];
  gpointer   figures;        /* the game's own: figures_size bytes, zeroed */
  GPtrArray *log;            /* replay records, or NULL */
  char      *error;
} ParlorCliSelfplayRun;

/* A whole run: the command line as parsed, then the totals. */
typedef struct
{
  const ParlorCliSelfplayGame *game;
  const ParlorGameInfo        *info;
  char                       **levels;      /* one per --seats item */
  guint                        n_seats;
  guint64                      seed;
  int                          games;
  int                          threads;
  gboolean                     json;
  char                        *log_path;
  gpointer                     data;        /* the game's options and totals */

  /* Over the runs that ended well, per --seats item. */
  guint                        n_ok;
  double                       ms_total[PARLOR_CLI_SELFPLAY_MAX_SEATS];
  double                       ms_max[PARLOR_CLI_SELFPLAY_MAX_SEATS];
  guint                        n_moves[PARLOR_CLI_SELFPLAY_MAX_SEATS];
} ParlorCliSelfplay;

struct _ParlorCliSelfplayGame
{
  const char *id;
  const char *summary;          /* of --help */
  const char *run_noun;         /* "game" or "match", in error messages */
  const char *ai_prefix;        /* before "LEVEL AI" in seat names and messages */
  const char *default_seats;
  int         default_games;
  guint       min_seats;
  guint       max_seats;
  /* Texts of the common options; NULL: the usual one. */
  const char *seats_help;
  const char *seats_arg;
  const char *games_help;
  const char *seed_help;
  /* Messages of bad command lines; NULL: the usual one. */
  const char *seats_error;
  const char *levels_hint;
  const char *options_error;

  gboolean    no_threads;       /* no --threads: games are played one by one */

  gboolean    fixed_seats;      /* item i always at seat i, else rotated by game */
  gboolean    simultaneous;     /* every waiting seat decides from the same moment */
  gboolean    recheck_waiting;  /* a seat's move may end another's wait */
  gboolean    cpu_time;         /* decisions timed on the thread's processor clock */
  gboolean    view_in_errors;   /* an illegal choice is reported with its view */
  gsize       figures_size;

  /* All optional but result, add, json_head, json_seat and print_text.
   * check: the game's own options (FALSE with @error set: its message, else
   * options_error). */
  gboolean  (*check)     (ParlorCliSelfplay    *self,
                          GError              **error);
  char     *(*config)    (ParlorCliSelfplay    *self,
                          guint                 index);
  guint64   (*game_seed) (guint64               seed,
                          guint                 index);
  guint64   (*ai_seed)   (guint64               game_seed,
                          guint                 seat,
                          guint                 move);
  void      (*prepare)   (ParlorCliSelfplay    *self,
                          ParlorCliSelfplayRun *run,
                          ParlorGame           *game);
  void      (*events)    (ParlorCliSelfplay    *self,
                          ParlorCliSelfplayRun *run,
                          GPtrArray            *events);
  /* Reads the result into run->figures; FALSE if it cannot. */
  gboolean  (*result)    (ParlorCliSelfplay    *self,
                          ParlorCliSelfplayRun *run,
                          ParlorGame           *game,
                          ParlorLine           *result);
  /* Adds a run that ended well to the game's totals, in order. */
  void      (*add)       (ParlorCliSelfplay    *self,
                          ParlorCliSelfplayRun *run);

  /* The report. With --json: {"game": id, json_head's members, "seats":
   * [{"level": …, json_seat's members, "mean_ms", "max_ms"}…], json_tail's
   * members}, the times rounded to ms_digits decimals (0: not rounded).
   * Else print_text prints a table. */
  int         ms_digits;
  void      (*json_head)  (ParlorCliSelfplay    *self,
                           JsonBuilder          *builder);
  void      (*json_seat)  (ParlorCliSelfplay    *self,
                           JsonBuilder          *builder,
                           guint                 item);
  void      (*json_tail)  (ParlorCliSelfplay    *self,
                           JsonBuilder          *builder);
  void      (*print_text) (ParlorCliSelfplay    *self);
  /* Optional: the exit status when every game ended well (else 0). */
  int       (*exit_status) (ParlorCliSelfplay   *self);
};

/* Runs `selfplay GAME` with @extra options (NULL or NULL-terminated) that
 * write into @data; returns the exit status. */
int      parlor_cli_selfplay_main     (const ParlorCliSelfplayGame *game,
                                       const GOptionEntry          *extra,
                                       gpointer                     data,
                                       int                          argc,
                                       char                       **argv);

/* Plays @runs (ParlorCliSelfplayRun, index set, the rest zeroed; freed by
 * parlor_cli_selfplay_run_free) for a @self filled in as the options would,
 * on self->threads threads; the results do not depend on their number. */
void     parlor_cli_selfplay_play     (ParlorCliSelfplay           *self,
                                       GPtrArray                   *runs);
void     parlor_cli_selfplay_run_free (ParlorCliSelfplayRun        *run);

double   parlor_cli_selfplay_mean_ms  (ParlorCliSelfplay           *self,
                                       guint                        item);
/* Reads @n integers of at most @limit either way, separated by commas. */
gboolean parlor_cli_parse_int_list    (const char                  *text,
                                       int                         *out,
                                       guint                        n,
                                       int                          limit);

G_END_DECLS
