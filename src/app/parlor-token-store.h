/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The seat tokens of LAN games in progress, so that a guest whose app
 * restarted can take its seat back (docs/protocol.md, "Taking a seat
 * back"). A GKeyFile in the user's state directory
 * ($XDG_STATE_HOME/parlor/tokens.ini), one group per host address and
 * table, holding only what is needed: address, table, game, token, name
 * and the time it was written. Entries older than a day are dropped; a
 * file that cannot be read, or entries that make no sense, are ignored.
 * Every call reads the file afresh, so several windows agree.
 */

typedef struct
{
  char   *address;
  char   *table_id;
  char   *game_id;
  char   *token;
  char   *name;
  gint64  time;      /* seconds since the epoch (UTC) */
} ParlorTokenEntry;

void              parlor_token_entry_free     (ParlorTokenEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ParlorTokenEntry, parlor_token_entry_free)

/* The file of the default store (in g_get_user_state_dir()). */
char             *parlor_token_store_default_path (void);

/* @path: the key file, NULL for the default one. */
gboolean          parlor_token_store_remember (const char  *path,
                                               const char  *address,
                                               const char  *table_id,
                                               const char  *game_id,
                                               const char  *token,
                                               const char  *name,
                                               GError     **error);
/* The newest entry for @address (NULL if none). */
ParlorTokenEntry *parlor_token_store_lookup   (const char  *path,
                                               const char  *address);
/* Removes the entries of @address and @table_id (NULL: any table) and
 * every entry holding @token (NULL: none by token). */
void              parlor_token_store_forget   (const char  *path,
                                               const char  *address,
                                               const char  *table_id,
                                               const char  *token);

G_END_DECLS
