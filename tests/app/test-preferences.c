/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>

#include "parlor-application.h"
#include "parlor-preferences.h"
#include "parlor-settings.h"
#include "ui-test-util.h"

/* The first descendant of @root of @type whose accessible label (or, for a
 * row, title) is @label; any of @type when @label is NULL. */
static GtkWidget *
find_widget (GtkWidget  *root,
             GType       type,
             const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) &&
          (title == NULL ||
           (ADW_IS_PREFERENCES_ROW (child) &&
            g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)), title) == 0)))
        return child;
      found = find_widget (child, type, title);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
row_widget (GtkWidget  *prefs,
            const char *title,
            GType       type)
{
  GtkWidget *row = find_widget (prefs, ADW_TYPE_PREFERENCES_ROW, title);

  g_assert_nonnull (row);
  return type == G_TYPE_NONE ? row : find_widget (row, type, NULL);
}

static gboolean
name_is_bea (gpointer settings)
{
  return g_strcmp0 (parlor_settings_get_player_name (settings), "Bea") == 0;
}

static gboolean
shows_error (gpointer row)
{
  return gtk_widget_has_css_class (row, "error");
}

static void
test_widgets_store (void)
{
  ParlorSettings *settings = parlor_application_get_settings (ui_test_get_app ());
  ParlorPreferences *prefs;
  GtkWidget *name_row, *limit, *seconds, *claim, *strength;
  g_autoptr(ParlorSettings) again = NULL;

  g_object_set (settings, "time-limit", 60, "claim-time-limit", 8, "computer-strength", 1, NULL);
  g_assert_true (parlor_settings_set_player_name (settings, "Ann", NULL));
  prefs = parlor_preferences_new (settings);
  gtk_window_present (GTK_WINDOW (prefs));
  ui_test_iterate (200);

  /* Opening selects nothing: a key press must not replace the name. */
  name_row = row_widget (GTK_WIDGET (prefs), "Your Name", G_TYPE_NONE);
  g_assert_false (gtk_editable_get_selection_bounds (GTK_EDITABLE (name_row), NULL, NULL));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name_row)), ==, "Ann");

  /* The time limit's switch and spin button write the setting. */
  limit = row_widget (GTK_WIDGET (prefs), "Turn Time Limit", GTK_TYPE_SWITCH);
  seconds = row_widget (GTK_WIDGET (prefs), "Seconds per Turn", GTK_TYPE_SPIN_BUTTON);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (seconds), 95);
  g_assert_cmpuint (parlor_settings_get_time_limit (settings), ==, 95);
  gtk_switch_set_active (GTK_SWITCH (limit), FALSE);
  g_assert_cmpuint (parlor_settings_get_time_limit (settings), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (row_widget (GTK_WIDGET (prefs), "Seconds per Turn", G_TYPE_NONE)));

  claim = row_widget (GTK_WIDGET (prefs), "Seconds to Claim a Discard", GTK_TYPE_SPIN_BUTTON);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (claim), 12);
  g_assert_cmpuint (parlor_settings_get_claim_time_limit (settings), ==, 12);

  strength = row_widget (GTK_WIDGET (prefs), "Computer Strength", G_TYPE_NONE);
  adw_combo_row_set_selected (ADW_COMBO_ROW (strength), 3);
  g_assert_cmpuint (parlor_settings_get_computer_strength (settings), ==, 3);
  /* And a change made elsewhere shows in the window. */
  g_object_set (settings, "computer-strength", 0, NULL);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (strength)), ==, 0);

  /* A name typed and left (focus moves on) is kept without Enter. */
  gtk_widget_grab_focus (name_row);
  gtk_editable_set_text (GTK_EDITABLE (name_row), "Bea");
  gtk_widget_grab_focus (limit);
  ui_test_wait_for (name_is_bea, settings);

  /* A bad name is refused in words and not stored. */
  gtk_widget_grab_focus (name_row);
  gtk_editable_set_text (GTK_EDITABLE (name_row), "bad\x07name");
  gtk_widget_grab_focus (limit);
  ui_test_wait_for (shows_error, name_row);
  g_assert_cmpstr (parlor_settings_get_player_name (settings), ==, "Bea");

  ui_test_screenshot (GTK_WIDGET (prefs), "preferences-widgets");
  gtk_window_destroy (GTK_WINDOW (prefs));

  /* Stored in GSettings, where another instance reads it. */
  again = parlor_settings_new ();
  g_assert_cmpuint (parlor_settings_get_time_limit (again), ==, 0);
  g_assert_cmpuint (parlor_settings_get_claim_time_limit (again), ==, 12);
  g_assert_cmpstr (parlor_settings_get_player_name (again), ==, "Bea");
}

/* The one GTK 4.8 warning the UI tests let pass (see ui-test-util.c), as
 * GTK logs it (structured); any other stays fatal. */
static void
test_allocation_race_not_fatal (void)
{
  g_log_structured ("Gtk", G_LOG_LEVEL_WARNING,
                    "MESSAGE", "Trying to snapshot GtkGizmo %p without a current allocation", NULL);
  if (g_test_subprocess ())
    {
      g_log_structured ("Gtk", G_LOG_LEVEL_WARNING, "MESSAGE", "Some other warning");
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/app/preferences/widgets-store", test_widgets_store);
  g_test_add_func ("/app/test-util/allocation-race-not-fatal", test_allocation_race_not_fatal);

  return ui_test_run ();
}
