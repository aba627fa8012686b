/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "parlor-game-record.h"

G_BEGIN_DECLS

/*
 * The records of finished games: an SQLite database in the user's data
 * directory (parlor/records.sqlite), in write-ahead-log mode, one
 * transaction per game. Its layout has a version (PRAGMA user_version),
 * brought up to date step by step when it is opened. A file that is not a
 * database or fails its check is moved aside (records.sqlite.corrupt-DATE)
 * and a fresh one started: get_notice() then says so, for the player. Only
 * what SQLite itself finds corrupt or not a database is moved: a file that
 * cannot be opened (not allowed, a folder…) is left alone and opening
 * fails, in words. A
 * database from a newer Parlor is left untouched: nothing is written or
 * read, and every call fails with PARLOR_RECORDS_ERROR_NEWER.
 *
 * One object is one connection: use it from one thread at a time (the app
 * opens one in a worker thread to write a game).
 */

#define PARLOR_RECORDS_ERROR (parlor_records_error_quark ())

typedef enum
{
  PARLOR_RECORDS_ERROR_FAILED,
  PARLOR_RECORDS_ERROR_NEWER,
  PARLOR_RECORDS_ERROR_BUSY,    /* another program holds the records: try later */
} ParlorRecordsError;

/* The layout this Parlor writes. */
#define PARLOR_RECORDS_SCHEMA_VERSION 3

/* Any strength, for the figures. */
#define PARLOR_RECORDS_ANY_STRENGTH G_MININT

#define PARLOR_TYPE_RECORDS (parlor_records_get_type ())
G_DECLARE_FINAL_TYPE (ParlorRecords, parlor_records, PARLOR, RECORDS, GObject)

GQuark          parlor_records_error_quark   (void);

/* g_get_user_data_dir()/parlor/records.sqlite and the kept replays' folder. */
char           *parlor_records_get_default_path (void);
char           *parlor_records_get_replay_dir   (void);

/* Opens (creating it and its folder if need be) the database at @path,
 * NULL for the default. NULL and an error only when not even a fresh file
 * can be made; a newer database opens, but every call then fails. */
ParlorRecords  *parlor_records_open          (const char      *path,
                                              GError         **error);
/* Words for the player when the file was moved aside on opening, or NULL. */
const char     *parlor_records_get_notice    (ParlorRecords   *self);
/* The database is from a newer Parlor: not touched. */
gboolean        parlor_records_is_newer      (ParlorRecords   *self);
const char     *parlor_records_get_path      (ParlorRecords   *self);

/* Writes @record in one transaction; its id in *id. A record whose key is
 * already there is not written again (*id: the one there). */
gboolean        parlor_records_add           (ParlorRecords          *self,
                                              const ParlorGameRecord *record,
                                              gint64                 *id,
                                              GError                **error);
/* Forgets every game of @game_id (their kept replays stay on disk). */
gboolean        parlor_records_reset         (ParlorRecords   *self,
                                              const char      *game_id,
                                              GError         **error);

/* A kept game, newest first, for lists and the replay viewer. */
typedef struct
{
  gint64    id;
  char     *game_id;
  gint64    date;
  int       seat;
  int       strength;
  gboolean  assisted;
  ParlorOutcome outcome;
  int       score;
  int       rank;
  char     *replay;        /* may be NULL */
} ParlorRecordEntry;

void            parlor_record_entry_free     (ParlorRecordEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ParlorRecordEntry, parlor_record_entry_free)

/* Games of @game_id (NULL: all), newest first, at most @limit (0: all). */
GPtrArray      *parlor_records_list          (ParlorRecords   *self,
                                              const char      *game_id,
                                              guint            limit,
                                              GError         **error);
/* The strengths @game_id was played at, lowest first (PARLOR_RECORD_LAN
 * for LAN games). */
GArray         *parlor_records_list_strengths (ParlorRecords  *self,
                                              const char      *game_id,
                                              GError         **error);

typedef enum
{
  PARLOR_RECORDS_YOU,
  PARLOR_RECORDS_COMPUTERS,   /* every computer seat, each seat one game */
} ParlorRecordsWho;

/* Figures of one kind of seat over the games of one game, strength and
 * help. Rates are over hands played (self-draw: over wins). */
typedef struct
{
  guint   played;
  guint   won;
  guint   drawn;
  guint   lost;
  int     best_score;
  double  mean_score;
  int     best_rank;
  double  mean_rank;
  /* The mahjong games. */
  guint   hands;
  guint   wins;
  guint   self_drawn;
  guint   deal_ins;
  guint   claimed;        /* hands with a claim */
  double  mean_points;    /* over wins */
} ParlorRecordFigures;

gboolean        parlor_records_get_figures   (ParlorRecords       *self,
                                              const char          *game_id,
                                              int                  strength,
                                              gboolean             assisted,
                                              ParlorRecordsWho     who,
                                              ParlorRecordFigures *figures,
                                              GError             **error);
/* How often each fan/yaku was scored in those games' wins: ParlorRecordFan,
 * most often first. */
GPtrArray      *parlor_records_get_fans      (ParlorRecords       *self,
                                              const char          *game_id,
                                              int                  strength,
                                              gboolean             assisted,
                                              ParlorRecordsWho     who,
                                              GError             **error);

/* Keeps @text (a replay) as parlor/replays/<game>-<date>-<n>.replay under
 * @dir (NULL: the default); the path it was written to. */
char           *parlor_records_keep_replay   (const char      *dir,
                                              const char      *game_id,
                                              const char      *text,
                                              GError         **error);

G_END_DECLS
