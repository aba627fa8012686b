/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-token-store"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>

#include "parlor-token-store.h"

/* A day: a game left longer than that is not coming back. */
#define MAX_AGE (24 * 60 * 60)
/* Bounds on what is kept, so that a crafted file cannot grow the app. */
#define MAX_ENTRIES 64
#define MAX_TEXT 256

void
parlor_token_entry_free (ParlorTokenEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->address);
  g_free (entry->table_id);
  g_free (entry->game_id);
  g_free (entry->token);
  g_free (entry->name);
  g_free (entry);
}

char *
parlor_token_store_default_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "parlor", "tokens.ini", NULL);
}

static char *
resolve_path (const char *path)
{
  return path != NULL ? g_strdup (path) : parlor_token_store_default_path ();
}

/* Addresses are compared as typed, without blanks and case. */
static char *
normalize_address (const char *address)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (address));

  return g_ascii_strdown (trimmed, -1);
}

static gboolean
text_ok (const char *text)
{
  return text != NULL && *text != '\0' && strlen (text) <= MAX_TEXT &&
         g_utf8_validate (text, -1, NULL);
}

/* Tokens are the server's hex secrets. */
static gboolean
token_ok (const char *token)
{
  if (!text_ok (token))
    return FALSE;
  for (const char *p = token; *p != '\0'; p++)
    if (!g_ascii_isxdigit (*p))
      return FALSE;
  return TRUE;
}

/* The entry of @group, or NULL when it is incomplete, odd or too old. */
static ParlorTokenEntry *
read_entry (GKeyFile   *file,
            const char *group,
            gint64      now)
{
  g_autoptr(ParlorTokenEntry) entry = g_new0 (ParlorTokenEntry, 1);
  g_autoptr(GError) error = NULL;

  entry->address = g_key_file_get_string (file, group, "address", NULL);
  entry->table_id = g_key_file_get_string (file, group, "table", NULL);
  entry->game_id = g_key_file_get_string (file, group, "game", NULL);
  entry->token = g_key_file_get_string (file, group, "token", NULL);
  entry->name = g_key_file_get_string (file, group, "name", NULL);
  entry->time = g_key_file_get_int64 (file, group, "time", &error);
  if (error != NULL || !text_ok (entry->address) || !text_ok (entry->table_id) ||
      !text_ok (entry->game_id) || !token_ok (entry->token) || !text_ok (entry->name))
    return NULL;
  if (entry->time > now + 60 || now - entry->time > MAX_AGE)
    return NULL;
  return g_steal_pointer (&entry);
}

/* Every valid, recent entry of the file; a bad file is no entry at all. */
static GPtrArray *
load (const char *path)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_token_entry_free);
  g_auto(GStrv) groups = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &error))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_debug ("Ignoring the seat tokens in %s: %s", path, error->message);
      return entries;
    }
  groups = g_key_file_get_groups (file, NULL);
  for (guint i = 0; groups[i] != NULL && entries->len < MAX_ENTRIES; i++)
    {
      ParlorTokenEntry *entry = read_entry (file, groups[i], now);

      if (entry != NULL)
        g_ptr_array_add (entries, entry);
    }
  return entries;
}

static gboolean
save (const char  *path,
      GPtrArray   *entries,
      GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;
  gsize length;

  for (guint i = 0; i < entries->len; i++)
    {
      ParlorTokenEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *key = g_strconcat (entry->address, "\n", entry->table_id, NULL);
      /* Addresses such as [::1]:7412 cannot be group names. */
      g_autofree char *group = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);

      g_key_file_set_string (file, group, "address", entry->address);
      g_key_file_set_string (file, group, "table", entry->table_id);
      g_key_file_set_string (file, group, "game", entry->game_id);
      g_key_file_set_string (file, group, "token", entry->token);
      g_key_file_set_string (file, group, "name", entry->name);
      g_key_file_set_int64 (file, group, "time", entry->time);
    }

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  data = g_key_file_to_data (file, &length, NULL);
  /* The tokens are secrets: for this user only. */
  return g_file_set_contents_full (path, data, length, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

static gboolean
matches (ParlorTokenEntry *entry,
         const char       *address,
         const char       *table_id,
         const char       *token)
{
  if (token != NULL && g_str_equal (entry->token, token))
    return TRUE;
  return address != NULL && g_str_equal (entry->address, address) &&
         (table_id == NULL || g_str_equal (entry->table_id, table_id));
}

gboolean
parlor_token_store_remember (const char  *path,
                             const char  *address,
                             const char  *table_id,
                             const char  *game_id,
                             const char  *token,
                             const char  *name,
                             GError     **error)
{
  g_autofree char *file = resolve_path (path);
  g_autofree char *where = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  ParlorTokenEntry *entry;

  g_return_val_if_fail (address != NULL && table_id != NULL && game_id != NULL, FALSE);
  g_return_val_if_fail (token != NULL && name != NULL, FALSE);

  where = normalize_address (address);
  if (!text_ok (where) || !text_ok (table_id) || !text_ok (game_id) || !token_ok (token) ||
      !text_ok (name))
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "Not a seat token");
      return FALSE;
    }

  entries = load (file);
  /* One seat per host and table; the oldest go first past the bound. */
  for (guint i = entries->len; i > 0; i--)
    if (matches (g_ptr_array_index (entries, i - 1), where, table_id, token))
      g_ptr_array_remove_index (entries, i - 1);
  while (entries->len >= MAX_ENTRIES)
    g_ptr_array_remove_index (entries, 0);

  entry = g_new0 (ParlorTokenEntry, 1);
  entry->address = g_steal_pointer (&where);
  entry->table_id = g_strdup (table_id);
  entry->game_id = g_strdup (game_id);
  entry->token = g_strdup (token);
  entry->name = g_strdup (name);
  entry->time = g_get_real_time () / G_USEC_PER_SEC;
  g_ptr_array_add (entries, entry);

  return save (file, entries, error);
}

ParlorTokenEntry *
parlor_token_store_lookup (const char *path,
                           const char *address)
{
  g_autofree char *file = resolve_path (path);
  g_autofree char *where = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  ParlorTokenEntry *best = NULL;

  g_return_val_if_fail (address != NULL, NULL);

  where = normalize_address (address);
  entries = load (file);
  for (guint i = 0; i < entries->len; i++)
    {
      ParlorTokenEntry *entry = g_ptr_array_index (entries, i);

      if (g_str_equal (entry->address, where) && (best == NULL || entry->time >= best->time))
        best = entry;
    }
  if (best == NULL)
    return NULL;
  g_ptr_array_set_free_func (entries, NULL);
  for (guint i = 0; i < entries->len; i++)
    if (g_ptr_array_index (entries, i) != best)
      parlor_token_entry_free (g_ptr_array_index (entries, i));
  return best;
}

void
parlor_token_store_forget (const char *path,
                           const char *address,
                           const char *table_id,
                           const char *token)
{
  g_autofree char *file = resolve_path (path);
  g_autofree char *where = address != NULL ? normalize_address (address) : NULL;
  g_autoptr(GPtrArray) entries = load (file);
  g_autoptr(GError) error = NULL;
  guint before = entries->len;

  for (guint i = entries->len; i > 0; i--)
    if (matches (g_ptr_array_index (entries, i - 1), where, table_id, token))
      g_ptr_array_remove_index (entries, i - 1);
  if (entries->len == before)
    return;
  if (!save (file, entries, &error))
    g_warning ("Could not forget a seat token: %s", error->message);
}
