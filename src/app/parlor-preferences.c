/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-preferences.h"

struct _ParlorPreferences
{
  AdwPreferencesWindow  parent_instance;

  ParlorSettings       *settings;

  AdwEntryRow          *name_row;
  GtkLabel             *name_error;
  GtkSwitch            *limit_switch;
  AdwActionRow         *seconds_row;
  GtkAdjustment        *seconds_adjustment;
  AdwComboRow          *level_row;
  GtkAdjustment        *claim_adjustment;
  GtkAdjustment        *claim_minimum_adjustment;
  AdwComboRow          *speed_row;
  GtkAdjustment        *volume_adjustment;
  gboolean              syncing;
  gboolean              name_focused;
};

G_DEFINE_FINAL_TYPE (ParlorPreferences, parlor_preferences, ADW_TYPE_PREFERENCES_WINDOW)

static const char * const speeds[] = { "slow", "normal", "fast", NULL };

/* The key holds milliseconds; the row shows seconds. */
static gboolean
milliseconds_to_seconds (GValue   *value,
                         GVariant *variant,
                         gpointer  user_data)
{
  g_value_set_double (value, g_variant_get_uint32 (variant) / 1000.0);
  return TRUE;
}

static GVariant *
seconds_to_milliseconds (const GValue       *value,
                         const GVariantType *expected_type,
                         gpointer            user_data)
{
  return g_variant_new_uint32 ((guint32) CLAMP (g_value_get_double (value) * 1000.0 + 0.5, 0, G_MAXUINT32));
}

static gboolean
string_to_index (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  const char * const *names = user_data;
  const char *value = g_value_get_string (from);

  for (guint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (names[i], value) == 0)
      {
        g_value_set_uint (to, i);
        return TRUE;
      }
  return FALSE;
}

static gboolean
index_to_string (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  const char * const *names = user_data;
  guint index = g_value_get_uint (from);

  if (index >= g_strv_length ((char **) names))
    return FALSE;
  g_value_set_string (to, names[index]);
  return TRUE;
}

static void
sync_time_limit (ParlorPreferences *self)
{
  guint limit = parlor_settings_get_time_limit (self->settings);

  self->syncing = TRUE;
  gtk_switch_set_active (self->limit_switch, limit > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seconds_row), limit > 0);
  if (limit > 0)
    gtk_adjustment_set_value (self->seconds_adjustment, limit);
  self->syncing = FALSE;
}

static void
store_time_limit (ParlorPreferences *self)
{
  if (self->syncing)
    return;

  if (gtk_switch_get_active (self->limit_switch))
    parlor_settings_set_time_limit (self->settings, (guint) gtk_adjustment_get_value (self->seconds_adjustment));
  else
    parlor_settings_set_time_limit (self->settings, 0);
}

static void
on_name_changed (ParlorPreferences *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->name_error), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->name_row), "error");
}

static void
on_name_apply (ParlorPreferences *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  g_autoptr(GError) error = NULL;

  if (!parlor_settings_set_player_name (self->settings, name, &error))
    {
      gtk_label_set_text (self->name_error, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->name_error), TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (self->name_row), "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->name_row),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error->message, -1);
      return;
    }

  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->name_row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* A name typed and left is kept, as if applied. */
static void
on_name_focus_leave (ParlorPreferences *self)
{
  g_autofree char *stored = NULL;

  /* Focus also leaves while the window is taken apart. */
  if (self->settings == NULL)
    return;
  stored = parlor_settings_get_effective_name (self->settings);

  if (g_strcmp0 (stored, gtk_editable_get_text (GTK_EDITABLE (self->name_row))) != 0)
    on_name_apply (self);
}

static void
on_focus_widget (ParlorPreferences *self)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));
  gboolean in_name = focus != NULL && (focus == GTK_WIDGET (self->name_row) ||
                                       gtk_widget_is_ancestor (focus, GTK_WIDGET (self->name_row)));

  if (self->name_focused && !in_name)
    on_name_focus_leave (self);
  self->name_focused = in_name;
}

static gboolean
on_close_request (ParlorPreferences *self)
{
  on_name_focus_leave (self);
  return FALSE;
}

/* Opening does not select the name, where one key press would replace it:
 * the cursor waits at its end. */
static void
on_map (ParlorPreferences *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  gtk_editable_select_region (GTK_EDITABLE (self->name_row), -1, -1);
}

static void
parlor_preferences_dispose (GObject *object)
{
  ParlorPreferences *self = PARLOR_PREFERENCES (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (parlor_preferences_parent_class)->dispose (object);
}

static void
parlor_preferences_class_init (ParlorPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = parlor_preferences_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/parlorgames/Parlor/parlor-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, name_row);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, name_error);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, limit_switch);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, seconds_row);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, seconds_adjustment);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, level_row);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, claim_adjustment);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, claim_minimum_adjustment);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, speed_row);
  gtk_widget_class_bind_template_child (widget_class, ParlorPreferences, volume_adjustment);
  gtk_widget_class_bind_template_callback (widget_class, on_name_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_name_changed);
}

static void
parlor_preferences_init (ParlorPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The window's focus widget, rather than focus events, which an inactive
   * window does not get. */
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (on_focus_widget), NULL);
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request), NULL);
  g_signal_connect_after (self, "map", G_CALLBACK (on_map), NULL);
}

ParlorPreferences *
parlor_preferences_new (ParlorSettings *settings)
{
  ParlorPreferences *self;
  g_autofree char *name = NULL;

  g_return_val_if_fail (PARLOR_IS_SETTINGS (settings), NULL);

  self = g_object_new (PARLOR_TYPE_PREFERENCES, NULL);
  self->settings = g_object_ref (settings);

  name = parlor_settings_get_effective_name (settings);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  on_name_changed (self);

  sync_time_limit (self);
  g_signal_connect_swapped (settings, "notify::time-limit", G_CALLBACK (sync_time_limit), self);
  g_signal_connect_swapped (self->limit_switch, "notify::active", G_CALLBACK (store_time_limit), self);
  g_signal_connect_swapped (self->seconds_adjustment, "value-changed", G_CALLBACK (store_time_limit), self);

  g_object_bind_property (settings, "computer-strength", self->level_row, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (settings, "claim-time-limit", self->claim_adjustment, "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property_full (settings, "ai-speed", self->speed_row, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               string_to_index, index_to_string, (gpointer) speeds, NULL);
  g_object_bind_property (settings, "volume", self->volume_adjustment, "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  if (parlor_settings_get_settings (settings) != NULL)
    g_settings_bind_with_mapping (parlor_settings_get_settings (settings), "lan-claim-minimum",
                                  self->claim_minimum_adjustment, "value", G_SETTINGS_BIND_DEFAULT,
                                  milliseconds_to_seconds, seconds_to_milliseconds, NULL, NULL);

  return self;
}
