/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-settings"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-game.h"
#include "parlor-settings.h"

/* ParlorSettings keeps a cache of the stored values, normalised to what the game
 * accepts, so a property only notifies when the value the game sees changes. */
struct _ParlorSettings
{
  GObject    parent_instance;

  GSettings *settings;
  char      *player_name;  /* sanitised stored name, "" when unset */
  guint      time_limit;
  guint      volume;
  guint      claim_time_limit;
  guint      computer_strength;
  char      *ai_speed;
};

G_DEFINE_FINAL_TYPE (ParlorSettings, parlor_settings, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_PLAYER_NAME,
  PROP_TIME_LIMIT,
  PROP_VOLUME,
  PROP_CLAIM_TIME_LIMIT,
  PROP_COMPUTER_STRENGTH,
  PROP_AI_SPEED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Control characters, line and paragraph separators and the bidirectional
 * embedding/override/isolate marks (which could disguise a name in the log). */
static gboolean
is_forbidden_char (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  if (g_unichar_iscntrl (c)
      || type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR)
    return TRUE;
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

/* Strips Unicode white space (not only ASCII) from both ends. @text is valid UTF-8. */
static char *
strip_space (const char *text)
{
  const char *start = text;
  const char *end = text + strlen (text);

  while (*start != '\0' && g_unichar_isspace (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *prev = g_utf8_prev_char (end);

      if (!g_unichar_isspace (g_utf8_get_char (prev)))
        break;
      end = prev;
    }
  return g_strndup (start, end - start);
}

/**
 * parlor_settings_validate_name:
 * @name: (nullable): a player name as typed
 *
 * Checks a player name: after white space at both ends is removed, it must have
 * 1 to %PARLOR_SETTINGS_NAME_MAX_CHARS characters and no control characters.
 *
 * Returns: (transfer full) (nullable): %NULL if @name is acceptable, else a
 *   translated message that tells the player what to change
 */
char *
parlor_settings_validate_name (const char *name)
{
  g_autofree char *stripped = NULL;
  glong n_chars = 0;

  if (name == NULL)
    return g_strdup (_("Enter a name."));
  if (!g_utf8_validate (name, -1, NULL))
    return g_strdup (_("The name contains characters that cannot be read."));

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (is_forbidden_char (g_utf8_get_char (p)))
        return g_strdup (_("A name cannot contain tabs, line breaks or other control characters."));
    }

  stripped = strip_space (name);
  n_chars = g_utf8_strlen (stripped, -1);
  if (n_chars == 0)
    return g_strdup (_("Enter a name."));
  if (n_chars > PARLOR_SETTINGS_NAME_MAX_CHARS)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "A name can have at most %d character.",
                                         "A name can have at most %d characters.",
                                         PARLOR_SETTINGS_NAME_MAX_CHARS),
                            PARLOR_SETTINGS_NAME_MAX_CHARS);
  return NULL;
}

/**
 * parlor_settings_sanitize_name:
 * @name: (nullable): any text, possibly invalid UTF-8
 *
 * Makes a valid player name out of @name: invalid bytes and forbidden characters
 * become spaces, white space at both ends is removed and the name is cut to
 * %PARLOR_SETTINGS_NAME_MAX_CHARS characters.
 *
 * Returns: (transfer full) (nullable): a name that parlor_settings_validate_name()
 *   accepts, or %NULL if nothing is left
 */
char *
parlor_settings_sanitize_name (const char *name)
{
  g_autofree char *valid = NULL;
  g_autofree char *stripped = NULL;
  g_autoptr(GString) clean = NULL;

  if (name == NULL)
    return NULL;

  valid = g_utf8_make_valid (name, -1);
  clean = g_string_new (NULL);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0xFFFD || is_forbidden_char (c))
        g_string_append_c (clean, ' ');
      else
        g_string_append_unichar (clean, c);
    }

  stripped = strip_space (clean->str);
  if (g_utf8_strlen (stripped, -1) > PARLOR_SETTINGS_NAME_MAX_CHARS)
    {
      g_autofree char *cut = g_utf8_substring (stripped, 0, PARLOR_SETTINGS_NAME_MAX_CHARS);

      g_free (stripped);
      stripped = strip_space (cut);
    }

  if (stripped[0] == '\0')
    return NULL;
  return g_steal_pointer (&stripped);
}

/**
 * parlor_settings_normalize_time_limit:
 * @seconds: a stored or requested time limit
 *
 * Returns: the nearest valid time limit: 0 (no limit) or
 *   %PARLOR_SETTINGS_TIME_LIMIT_MIN to %PARLOR_SETTINGS_TIME_LIMIT_MAX
 */
guint
parlor_settings_normalize_time_limit (guint seconds)
{
  if (seconds == 0)
    return 0;
  return CLAMP (seconds, PARLOR_SETTINGS_TIME_LIMIT_MIN, PARLOR_SETTINGS_TIME_LIMIT_MAX);
}

static gboolean
key_accepts (ParlorSettings *self,
             const char     *key,
             GVariant       *value)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) owned = g_variant_ref_sink (value);

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  if (!g_settings_schema_has_key (schema, key))
    return FALSE;
  schema_key = g_settings_schema_get_key (schema, key);
  return g_variant_is_of_type (owned, g_settings_schema_key_get_value_type (schema_key))
         && g_settings_schema_key_range_check (schema_key, owned);
}

static void
update_string (ParlorSettings *self,
               char          **field,
               char           *value,
               GParamSpec     *pspec,
               gboolean        notify)
{
  g_assert (value != NULL);

  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  if (notify)
    g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
update_uint (ParlorSettings *self,
             guint          *field,
             guint           value,
             GParamSpec     *pspec,
             gboolean        notify)
{
  if (*field == value)
    return;
  *field = value;
  if (notify)
    g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

/* Reads @key (all keys if %NULL) from GSettings into the cache. */
static void
parlor_settings_refresh (ParlorSettings *self,
                         const char     *key,
                         gboolean        notify)
{
  if (key == NULL || g_str_equal (key, "player-name"))
    {
      g_autofree char *stored = g_settings_get_string (self->settings, "player-name");
      char *name = parlor_settings_sanitize_name (stored);

      update_string (self, &self->player_name, name != NULL ? name : g_strdup (""),
                     properties[PROP_PLAYER_NAME], notify);
    }
  if (key == NULL || g_str_equal (key, "time-limit"))
    {
      guint stored = g_settings_get_uint (self->settings, "time-limit");

      update_uint (self, &self->time_limit, parlor_settings_normalize_time_limit (stored),
                   properties[PROP_TIME_LIMIT], notify);
    }
  if (key == NULL || g_str_equal (key, "volume"))
    {
      guint stored = g_settings_get_uint (self->settings, "volume");

      update_uint (self, &self->volume, MIN (stored, PARLOR_SETTINGS_VOLUME_MAX),
                   properties[PROP_VOLUME], notify);
    }
  if (key == NULL || g_str_equal (key, "claim-time-limit"))
    {
      guint stored = g_settings_get_uint (self->settings, "claim-time-limit");

      update_uint (self, &self->claim_time_limit, parlor_settings_normalize_claim_time_limit (stored),
                   properties[PROP_CLAIM_TIME_LIMIT], notify);
    }
  if (key == NULL || g_str_equal (key, "computer-strength"))
    {
      guint stored = g_settings_get_uint (self->settings, "computer-strength");

      update_uint (self, &self->computer_strength, MIN (stored, PARLOR_STRENGTH_MAX),
                   properties[PROP_COMPUTER_STRENGTH], notify);
    }
  if (key == NULL || g_str_equal (key, "ai-speed"))
    update_string (self, &self->ai_speed, g_settings_get_string (self->settings, "ai-speed"),
                   properties[PROP_AI_SPEED], notify);
}

static void
on_settings_changed (ParlorSettings *self,
                     const char     *key,
                     GSettings      *settings)
{
  parlor_settings_refresh (self, key, TRUE);
}

static void
parlor_settings_constructed (GObject *object)
{
  ParlorSettings *self = PARLOR_SETTINGS (object);

  G_OBJECT_CLASS (parlor_settings_parent_class)->constructed (object);

  if (self->settings == NULL)
    self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed",
                           G_CALLBACK (on_settings_changed), self, G_CONNECT_SWAPPED);
  parlor_settings_refresh (self, NULL, FALSE);
}

static void
parlor_settings_dispose (GObject *object)
{
  ParlorSettings *self = PARLOR_SETTINGS (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (parlor_settings_parent_class)->dispose (object);
}

static void
parlor_settings_finalize (GObject *object)
{
  ParlorSettings *self = PARLOR_SETTINGS (object);

  g_free (self->player_name);
  g_free (self->ai_speed);

  G_OBJECT_CLASS (parlor_settings_parent_class)->finalize (object);
}

static void
parlor_settings_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ParlorSettings *self = PARLOR_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_PLAYER_NAME:
      g_value_set_string (value, self->player_name);
      break;
    case PROP_TIME_LIMIT:
      g_value_set_uint (value, self->time_limit);
      break;
    case PROP_VOLUME:
      g_value_set_uint (value, self->volume);
      break;
    case PROP_CLAIM_TIME_LIMIT:
      g_value_set_uint (value, self->claim_time_limit);
      break;
    case PROP_COMPUTER_STRENGTH:
      g_value_set_uint (value, self->computer_strength);
      break;
    case PROP_AI_SPEED:
      g_value_set_string (value, self->ai_speed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Invalid values set through a property (e.g. by a binding) are ignored, like
 * the setters do; the preferences UI validates before it sets. */
static void
parlor_settings_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ParlorSettings *self = PARLOR_SETTINGS (object);
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_PLAYER_NAME:
      ok = parlor_settings_set_player_name (self, g_value_get_string (value), &error);
      break;
    case PROP_TIME_LIMIT:
      ok = parlor_settings_set_time_limit (self, g_value_get_uint (value));
      break;
    case PROP_VOLUME:
      ok = parlor_settings_set_volume (self, g_value_get_uint (value));
      break;
    case PROP_CLAIM_TIME_LIMIT:
      ok = parlor_settings_set_claim_time_limit (self, g_value_get_uint (value));
      break;
    case PROP_COMPUTER_STRENGTH:
      ok = parlor_settings_set_computer_strength (self, g_value_get_uint (value));
      break;
    case PROP_AI_SPEED:
      ok = g_value_get_string (value) != NULL
           && parlor_settings_set_ai_speed (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
  if (!ok)
    g_debug ("Ignored an invalid value for %s%s%s", pspec->name,
             error != NULL ? ": " : "", error != NULL ? error->message : "");
}

static void
parlor_settings_class_init (ParlorSettingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = parlor_settings_constructed;
  object_class->dispose = parlor_settings_dispose;
  object_class->finalize = parlor_settings_finalize;
  object_class->get_property = parlor_settings_get_property;
  object_class->set_property = parlor_settings_set_property;

  /* The GSettings for the app's schema; %NULL at construction means the default one. */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The stored name, "" when the player has not chosen one. */
  properties[PROP_PLAYER_NAME] =
    g_param_spec_string ("player-name", NULL, NULL,
                         "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL,
                       0, PARLOR_SETTINGS_TIME_LIMIT_MAX, 60,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VOLUME] =
    g_param_spec_uint ("volume", NULL, NULL,
                       0, PARLOR_SETTINGS_VOLUME_MAX, 70,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLAIM_TIME_LIMIT] =
    g_param_spec_uint ("claim-time-limit", NULL, NULL,
                       0, PARLOR_SETTINGS_CLAIM_LIMIT_MAX, 8,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPUTER_STRENGTH] =
    g_param_spec_uint ("computer-strength", NULL, NULL,
                       0, PARLOR_STRENGTH_MAX, 1,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AI_SPEED] =
    g_param_spec_string ("ai-speed", NULL, NULL,
                         "normal",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
parlor_settings_init (ParlorSettings *self)
{
}

/**
 * parlor_settings_new:
 *
 * Returns: (transfer full): settings stored in the default GSettings backend
 *   (the schema must be installed or in `GSETTINGS_SCHEMA_DIR`)
 */
ParlorSettings *
parlor_settings_new (void)
{
  return g_object_new (PARLOR_TYPE_SETTINGS, NULL);
}

/**
 * parlor_settings_new_for_settings:
 * @settings: a #GSettings for the schema `io.github.parlorgames.Parlor`
 *
 * Returns: (transfer full): settings stored through @settings (e.g. on another backend)
 */
ParlorSettings *
parlor_settings_new_for_settings (GSettings *settings)
{
  g_autofree char *schema_id = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_object_get (settings, "schema-id", &schema_id, NULL);
  g_return_val_if_fail (g_strcmp0 (schema_id, APP_ID) == 0, NULL);

  return g_object_new (PARLOR_TYPE_SETTINGS, "settings", settings, NULL);
}

/**
 * parlor_settings_get_settings:
 *
 * Returns: (transfer none): the underlying #GSettings, for g_settings_bind()
 */
GSettings *
parlor_settings_get_settings (ParlorSettings *self)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), NULL);

  return self->settings;
}

/**
 * parlor_settings_get_player_name:
 *
 * Returns: the name the player chose, "" if none (see
 *   parlor_settings_get_effective_name())
 */
const char *
parlor_settings_get_player_name (ParlorSettings *self)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), NULL);

  return self->player_name;
}

/**
 * parlor_settings_set_player_name:
 * @name: (nullable): the new name, or %NULL to go back to the account's name
 * @error: set to a translated message if @name is not a valid name
 *
 * Stores @name without the white space at its ends. An invalid name
 * (see parlor_settings_validate_name()) is not stored.
 *
 * Returns: %TRUE if the name was stored
 */
gboolean
parlor_settings_set_player_name (ParlorSettings *self,
                                 const char     *name,
                                 GError        **error)
{
  g_autofree char *message = NULL;
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (name == NULL)
    {
      g_settings_reset (self->settings, "player-name");
      parlor_settings_refresh (self, "player-name", TRUE);
      return TRUE;
    }

  message = parlor_settings_validate_name (name);
  if (message != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, message);
      return FALSE;
    }

  stripped = strip_space (name);
  if (!g_settings_set_string (self->settings, "player-name", stripped))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                           _("The player name cannot be changed on this computer."));
      return FALSE;
    }
  parlor_settings_refresh (self, "player-name", TRUE);
  return TRUE;
}

/**
 * parlor_settings_get_effective_name:
 *
 * Returns: (transfer full): the name to show to others: the chosen name, else the
 *   account's real name made valid, else "Player" (never the login name)
 */
char *
parlor_settings_get_effective_name (ParlorSettings *self)
{
  const char *real_name;
  char *name = NULL;

  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), NULL);

  if (self->player_name[0] != '\0')
    return g_strdup (self->player_name);

  real_name = g_get_real_name ();
  /* GLib answers "Unknown" when the account has no real name; a login name is no player's name. */
  if (g_strcmp0 (real_name, "Unknown") != 0 && g_strcmp0 (real_name, g_get_user_name ()) != 0)
    name = parlor_settings_sanitize_name (real_name);
  if (name == NULL)
    name = g_strdup (_("Player"));
  return name;
}

/**
 * parlor_settings_get_time_limit:
 *
 * Returns: seconds for each turn, 0 for no limit
 */
guint
parlor_settings_get_time_limit (ParlorSettings *self)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), 0);

  return self->time_limit;
}

/**
 * parlor_settings_set_time_limit:
 * @seconds: 0 for no limit, else at most %PARLOR_SETTINGS_TIME_LIMIT_MAX;
 *   1 to 9 are stored as %PARLOR_SETTINGS_TIME_LIMIT_MIN
 *
 * Returns: %TRUE if stored, %FALSE (nothing changed) if @seconds is too large
 */
gboolean
parlor_settings_set_time_limit (ParlorSettings *self,
                                guint           seconds)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), FALSE);

  if (seconds > PARLOR_SETTINGS_TIME_LIMIT_MAX)
    return FALSE;
  if (!g_settings_set_uint (self->settings, "time-limit",
                            parlor_settings_normalize_time_limit (seconds)))
    return FALSE;
  parlor_settings_refresh (self, "time-limit", TRUE);
  return TRUE;
}

/**
 * parlor_settings_get_volume:
 *
 * Returns: the sound volume, 0 (silent) to %PARLOR_SETTINGS_VOLUME_MAX
 */
guint
parlor_settings_get_volume (ParlorSettings *self)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), 0);

  return self->volume;
}

/**
 * parlor_settings_set_volume:
 * @volume: 0 (silent) to %PARLOR_SETTINGS_VOLUME_MAX
 *
 * Returns: %TRUE if stored, %FALSE (nothing changed) if @volume is out of range
 */
gboolean
parlor_settings_set_volume (ParlorSettings *self,
                            guint           volume)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), FALSE);

  if (volume > PARLOR_SETTINGS_VOLUME_MAX)
    return FALSE;
  if (!g_settings_set_uint (self->settings, "volume", volume))
    return FALSE;
  parlor_settings_refresh (self, "volume", TRUE);
  return TRUE;
}

static gboolean
set_choice (ParlorSettings *self,
            const char     *key,
            const char     *value)
{
  if (!g_utf8_validate (value, -1, NULL)
      || !key_accepts (self, key, g_variant_new_string (value)))
    return FALSE;
  if (!g_settings_set_string (self->settings, key, value))
    return FALSE;
  parlor_settings_refresh (self, key, TRUE);
  return TRUE;
}

/**
 * parlor_settings_get_claim_time_limit:
 *
 * Returns: seconds to claim a discard, 0 for no limit
 */
guint
parlor_settings_get_claim_time_limit (ParlorSettings *self)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), 0);

  return self->claim_time_limit;
}

/**
 * parlor_settings_set_claim_time_limit:
 * @seconds: 0 for no limit, else at most %PARLOR_SETTINGS_CLAIM_LIMIT_MAX;
 *   1 and 2 are stored as %PARLOR_SETTINGS_CLAIM_LIMIT_MIN
 *
 * Returns: %TRUE if stored, %FALSE (nothing changed) if @seconds is too large
 */
gboolean
parlor_settings_set_claim_time_limit (ParlorSettings *self,
                                      guint           seconds)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), FALSE);

  if (seconds > PARLOR_SETTINGS_CLAIM_LIMIT_MAX)
    return FALSE;
  if (!g_settings_set_uint (self->settings, "claim-time-limit",
                            parlor_settings_normalize_claim_time_limit (seconds)))
    return FALSE;
  parlor_settings_refresh (self, "claim-time-limit", TRUE);
  return TRUE;
}

guint
parlor_settings_normalize_claim_time_limit (guint seconds)
{
  if (seconds == 0)
    return 0;
  return CLAMP (seconds, PARLOR_SETTINGS_CLAIM_LIMIT_MIN, PARLOR_SETTINGS_CLAIM_LIMIT_MAX);
}

/**
 * parlor_settings_get_computer_strength:
 *
 * Returns: how well computer players play, 0 (easiest) to %PARLOR_STRENGTH_MAX
 */
guint
parlor_settings_get_computer_strength (ParlorSettings *self)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), 0);

  return self->computer_strength;
}

/**
 * parlor_settings_set_computer_strength:
 * @strength: 0 (easiest) to %PARLOR_STRENGTH_MAX
 *
 * Returns: %TRUE if stored, %FALSE (nothing changed) if @strength is out of range
 */
gboolean
parlor_settings_set_computer_strength (ParlorSettings *self,
                                       guint           strength)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), FALSE);

  if (strength > PARLOR_STRENGTH_MAX)
    return FALSE;
  if (!g_settings_set_uint (self->settings, "computer-strength", strength))
    return FALSE;
  parlor_settings_refresh (self, "computer-strength", TRUE);
  return TRUE;
}

/**
 * parlor_settings_get_ai_speed:
 *
 * Returns: how fast computer players move: "slow", "normal" or "fast"
 */
const char *
parlor_settings_get_ai_speed (ParlorSettings *self)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), NULL);

  return self->ai_speed;
}

/**
 * parlor_settings_set_ai_speed:
 * @speed: "slow", "normal" or "fast"
 *
 * Returns: %TRUE if stored, %FALSE (nothing changed) if @speed is not one of these
 */
gboolean
parlor_settings_set_ai_speed (ParlorSettings *self,
                              const char     *speed)
{
  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), FALSE);
  g_return_val_if_fail (speed != NULL, FALSE);

  return set_choice (self, "ai-speed", speed);
}

guint
parlor_settings_get_ai_delay (ParlorSettings *self)
{
  const char *speed;
  const char *forced = g_getenv ("PARLOR_AI_DELAY_MS");

  g_return_val_if_fail (PARLOR_IS_SETTINGS (self), 0);

  /* Tests and demos run the computer players without pauses. */
  if (forced != NULL)
    return (guint) g_ascii_strtoull (forced, NULL, 10);

  speed = parlor_settings_get_ai_speed (self);
  if (g_strcmp0 (speed, "slow") == 0)
    return 1500;
  if (g_strcmp0 (speed, "fast") == 0)
    return 200;
  return 700;
}
