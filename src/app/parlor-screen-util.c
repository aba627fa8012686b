/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "parlor-screen-util.h"

void
parlor_screen_toast (GtkWidget  *screen,
                     const char *message)
{
  GtkWidget *overlay;
  AdwToast *toast;

  g_return_if_fail (GTK_IS_WIDGET (screen));
  g_return_if_fail (message != NULL);

  overlay = gtk_widget_get_ancestor (screen, ADW_TYPE_TOAST_OVERLAY);
  if (overlay == NULL)
    return;
  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 3);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

void
parlor_screen_announce (GtkLabel   *status,
                        const char *text)
{
  g_return_if_fail (GTK_IS_LABEL (status));
  g_return_if_fail (text != NULL);

  gtk_label_set_text (status, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (status), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static char *
strip_mnemonic (const char *label)
{
  GString *plain = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_' && p[1] != '_')
        continue;
      if (*p == '_')
        p++;
      g_string_append_c (plain, *p);
    }
  return g_string_free (plain, FALSE);
}

/* The text of the first label whose mnemonic points at @widget, of the title
 * of the row it is the activatable widget of, or of a check button's own
 * mnemonic label: what GTK adds to the widget's name. A toast's close button
 * gets the name it lacks. */
static char *
mnemonic_text (GtkWidget *widget)
{
  GList *labels = NULL;
  GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_ACTION_ROW);
  GType toast = g_type_from_name ("AdwToastWidget");
  char *text = NULL;

  /* A row is named by its title, or by the words the app gave it. */
  if (ADW_IS_PREFERENCES_ROW (widget))
    return NULL;
  labels = gtk_widget_list_mnemonic_labels (widget);

  if (labels != NULL)
    text = g_strdup (gtk_label_get_text (labels->data));
  else if (row != NULL && adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row)) == widget)
    text = adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row))
           ? strip_mnemonic (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)))
           : g_strdup (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  else if (GTK_IS_CHECK_BUTTON (widget) && gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (widget)) &&
           gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)) != NULL)
    text = strip_mnemonic (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)));
  else if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "window-close-symbolic") == 0 &&
           toast != 0 && gtk_widget_get_ancestor (widget, toast) != NULL)
    /* The close button of a toast has no name of its own. */
    text = g_strdup (_("Dismiss"));
  g_list_free (labels);
  return text;
}

static void quiet_repeated_tooltip (GtkWidget *widget);

/* Named once per text: a screen reader may say the name again on a change. */
static void
name_by_mnemonic (GtkWidget *widget)
{
  char *name = mnemonic_text (widget);

  if (name == NULL || *name == '\0' ||
      g_strcmp0 (name, g_object_get_data (G_OBJECT (widget), "parlor-accessible-name")) == 0)
    {
      g_free (name);
      return;
    }
  /* The label's own naming goes first, or the name is heard doubled. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (widget), "parlor-accessible-name", name, g_free);
  quiet_repeated_tooltip (widget);
}

#define QUIET_TIP_KEY "parlor-quiet-tooltip"

/* The name the app gave @widget, or NULL. GTK 4.8 has no getter for an
 * accessible property, but its test API returns the value held when it
 * differs from the one asked about. */
static char *
given_name (GtkWidget *widget)
{
  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    return NULL;
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "\x01");
}

/* A button with no words of its own (an icon): GTK 4.8 names it by its tooltip. */
static gboolean
named_by_tooltip (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    return gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) == NULL;
  return GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) == NULL &&
         (gtk_button_get_icon_name (GTK_BUTTON (widget)) != NULL ||
          gtk_button_get_child (GTK_BUTTON (widget)) == NULL);
}

/* GTK 4.8 gives screen readers a widget's tooltip as its description: a
 * tooltip the name says already is not said again after it. */
static void
quiet_repeated_tooltip (GtkWidget *widget)
{
  const char *tip = gtk_widget_get_tooltip_text (widget);
  gboolean was_quiet = g_object_get_data (G_OBJECT (widget), QUIET_TIP_KEY) != NULL;
  g_autofree char *name = NULL;
  gboolean quiet;

  if (tip == NULL || *tip == '\0')
    return;
  name = given_name (widget);
  if (name == NULL && named_by_tooltip (widget))
    {
      /* Named so in so many words, the name stays when the description goes
       * (the naming quiets the tooltip). */
      parlor_accessible_set_name (widget, tip);
      return;
    }
  if (name == NULL && GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    name = gtk_button_get_use_underline (GTK_BUTTON (widget))
           ? strip_mnemonic (gtk_button_get_label (GTK_BUTTON (widget)))
           : g_strdup (gtk_button_get_label (GTK_BUTTON (widget)));
  quiet = name != NULL && strstr (name, tip) != NULL;
  if (quiet && !was_quiet)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "", -1);
  else if (!quiet && was_quiet)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tip, -1);
  g_object_set_data (G_OBJECT (widget), QUIET_TIP_KEY, GINT_TO_POINTER (quiet));
}

/* A new tooltip is the description again. */
static void
on_tooltip_changed (GtkWidget *widget)
{
  g_object_set_data (G_OBJECT (widget), QUIET_TIP_KEY, NULL);
  quiet_repeated_tooltip (widget);
}

static void
watch_tooltip (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), "parlor-tooltip-watched") != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), "parlor-tooltip-watched", GINT_TO_POINTER (1));
  g_signal_connect (widget, "notify::tooltip-text", G_CALLBACK (on_tooltip_changed), NULL);
}

void
parlor_accessible_set_name (GtkWidget  *widget,
                            const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (g_strcmp0 (name, g_object_get_data (G_OBJECT (widget), "parlor-accessible-name")) == 0)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (widget), "parlor-accessible-name", g_strdup (name), g_free);
  watch_tooltip (widget);
  quiet_repeated_tooltip (widget);
}

/* GTK 4.8 names a part of the layout, or a label, that has no name after
 * its type ("GtkOverlay"), and a screen reader says that: it is named by
 * nothing (a label's text names it again). */
static void
clear_type_name (GtkWidget *widget)
{
  GtkAccessible *accessible = GTK_ACCESSIBLE (widget);

  switch ((int) gtk_accessible_get_accessible_role (accessible))
    {
    case GTK_ACCESSIBLE_ROLE_GENERIC:
    case GTK_ACCESSIBLE_ROLE_WIDGET:
    case GTK_ACCESSIBLE_ROLE_GROUP:
    case GTK_ACCESSIBLE_ROLE_SCROLLBAR:
    case GTK_ACCESSIBLE_ROLE_GRID_CELL:
    case GTK_ACCESSIBLE_ROLE_LIST:
    case GTK_ACCESSIBLE_ROLE_IMG:
    /* A label or a status line with no text yet */
    case GTK_ACCESSIBLE_ROLE_LABEL:
    case GTK_ACCESSIBLE_ROLE_STATUS:
      if (!gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL) &&
          !gtk_test_accessible_has_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY))
        gtk_accessible_update_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
      break;
    default:
      break;
    }
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

static gboolean
is_control (GtkWidget *widget)
{
  static const GtkAccessibleRole controls[] = {
    GTK_ACCESSIBLE_ROLE_BUTTON, GTK_ACCESSIBLE_ROLE_CHECKBOX, GTK_ACCESSIBLE_ROLE_SWITCH,
    GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, GTK_ACCESSIBLE_ROLE_SLIDER, GTK_ACCESSIBLE_ROLE_TEXT_BOX,
    GTK_ACCESSIBLE_ROLE_COMBO_BOX, GTK_ACCESSIBLE_ROLE_LIST_ITEM,
  };
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    if (role == controls[i])
      return TRUE;
  return FALSE;
}

static void name_controls_later (GtkWidget *widget);

/* A scroll pane takes the focus when nothing in it can (so that the keys
 * scroll it): one the app or the toolkit left nameless is named in words. */
static void
name_scroll_pane (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), "parlor-accessible-name") == NULL)
    parlor_accessible_set_name (widget, _("Scrolled area"));
}

#define FOCUS_PENDING_KEY "parlor-focus-pending"

/* After the naming pass of the showing: the move is heard with the name. */
static gboolean
refocus_idle (gpointer data)
{
  g_autoptr(GtkWidget) widget = g_weak_ref_get (data);
  GtkRoot *root;

  if (widget == NULL)
    return G_SOURCE_REMOVE;
  g_object_set_data (G_OBJECT (widget), FOCUS_PENDING_KEY, NULL);
  root = gtk_widget_get_root (widget);
  if (root == NULL || !gtk_widget_get_mapped (widget) || gtk_root_get_focus (root) != widget)
    return G_SOURCE_REMOVE;
  gtk_root_set_focus (root, NULL);
  gtk_widget_grab_focus (widget);
  return G_SOURCE_REMOVE;
}

static void
on_focus_target_map (GtkWidget *widget,
                     gpointer   key)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_signal_handlers_disconnect_by_data (widget, key);
  g_weak_ref_init (ref, widget);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refocus_idle, ref, (GDestroyNotify) weak_ref_free);
}

gboolean
parlor_widget_grab_focus_heard (GtkWidget *widget)
{
  GtkRoot *root;
  GtkWidget *focus;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  if (!gtk_widget_grab_focus (widget))
    return FALSE;
  root = gtk_widget_get_root (widget);
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus != NULL && !gtk_widget_get_mapped (focus) &&
      g_object_get_data (G_OBJECT (focus), FOCUS_PENDING_KEY) == NULL)
    {
      g_object_set_data (G_OBJECT (focus), FOCUS_PENDING_KEY, GINT_TO_POINTER (1));
      g_signal_connect (focus, "map", G_CALLBACK (on_focus_target_map), (gpointer) FOCUS_PENDING_KEY);
    }
  return TRUE;
}

/* A label's new text: the toolkit has named the widget after it again. */
static void
on_label_changed (GtkWidget *widget)
{
  g_object_set_data (G_OBJECT (widget), "parlor-accessible-name", NULL);
  name_controls_later (widget);
}

/* @widget and every control below it, shown or not (a screen reader also
 * reaches the pages of a stack that are not on top). */
static void
name_controls (GtkWidget *widget)
{
  clear_type_name (widget);
  if (GTK_IS_SCROLLED_WINDOW (widget))
    name_scroll_pane (widget);
  if (is_control (widget))
    {
      name_by_mnemonic (widget);
      /* GTK 4.8 says an icon button is labelled by its picture, which it
       * names "GtkImage": the button's own name is all a reader needs. */
      if (GTK_IS_BUTTON (widget) && gtk_button_get_icon_name (GTK_BUTTON (widget)) != NULL &&
          !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)) &&
          g_object_get_data (G_OBJECT (widget), "parlor-icon-named") == NULL)
        {
          /* Once: each reset is heard as a new name. */
          gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
          g_object_set_data (G_OBJECT (widget), "parlor-icon-named", GINT_TO_POINTER (1));
        }
      if ((GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget)) &&
          g_object_get_data (G_OBJECT (widget), "parlor-mnemonic-name") == NULL)
        {
          g_object_set_data (G_OBJECT (widget), "parlor-mnemonic-name", GINT_TO_POINTER (1));
          g_signal_connect (widget, "notify::label", G_CALLBACK (on_label_changed), NULL);
        }
      watch_tooltip (widget);
      quiet_repeated_tooltip (widget);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_controls (child);
}

void
parlor_accessible_name_now (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  name_controls (widget);
}

static gboolean
name_controls_idle (gpointer data)
{
  g_autoptr(GtkWidget) widget = g_weak_ref_get (data);

  if (widget == NULL)
    return G_SOURCE_REMOVE;
  g_object_set_data (G_OBJECT (widget), "parlor-naming-pending", NULL);
  name_controls (widget);
  return G_SOURCE_REMOVE;
}

/* Once the showing or the label change is done (by then the label points at
 * the widget); the pending pass holds no reference to the widget. */
static void
name_controls_later (GtkWidget *widget)
{
  GWeakRef *ref;

  if (g_object_get_data (G_OBJECT (widget), "parlor-naming-pending") != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), "parlor-naming-pending", GINT_TO_POINTER (1));
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, widget);
  g_idle_add_full (G_PRIORITY_DEFAULT, name_controls_idle, ref, (GDestroyNotify) weak_ref_free);
}

/* GTK 4.8 tells screen readers what was set on a control before they knew
 * of it only at its next change, often its first focus: the focused control
 * is then heard renamed to the name it has. A change of the focusable state
 * makes it known to them and tells what was pending, while it has no focus. */
static void
tell_pending (GtkWidget *widget)
{
  gboolean focusable = gtk_widget_get_focusable (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  /* Not in a dialog as it opens: the dialog is then heard as a filler. */
  if (g_object_get_data (G_OBJECT (widget), "parlor-pending-told") != NULL ||
      !gtk_widget_get_realized (widget) || gtk_widget_has_focus (widget) || GTK_IS_NATIVE (widget) ||
      (GTK_IS_WINDOW (root) && gtk_window_get_transient_for (GTK_WINDOW (root)) != NULL))
    return;
  g_object_set_data (G_OBJECT (widget), "parlor-pending-told", GINT_TO_POINTER (1));
  gtk_widget_set_focusable (widget, !focusable);
  gtk_widget_set_focusable (widget, focusable);
}

/* A window or a stack is named whole, hidden pages too, when it is shown; a
 * control shown later on its own. */
static gboolean
on_widget_map_hook (GSignalInvocationHint *hint,
                    guint                  n_values,
                    const GValue          *values,
                    gpointer               data)
{
  GtkWidget *widget = g_value_get_object (&values[0]);

  clear_type_name (widget);
  if (GTK_IS_SCROLLED_WINDOW (widget))
    name_scroll_pane (widget);
  /* A control may take the focus as it is shown: it has its name by then. */
  if (is_control (widget))
    name_controls (widget);
  if (GTK_IS_NATIVE (widget) || GTK_IS_STACK (widget) || is_control (widget))
    name_controls_later (widget);
  if (is_control (widget) || gtk_widget_get_focusable (widget))
    tell_pending (widget);
  return TRUE;
}

void
parlor_name_mnemonic_controls (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      guint map;

      g_type_class_ref (GTK_TYPE_WIDGET);
      map = g_signal_lookup ("map", GTK_TYPE_WIDGET);

      g_signal_add_emission_hook (map, 0, on_widget_map_hook, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}

/* Only the page a stack shows is there for screen readers. */
static gboolean
on_page_map_hook (GSignalInvocationHint *hint,
                  guint                  n_values,
                  const GValue          *values,
                  gpointer               data)
{
  GtkWidget *widget = g_value_get_object (&values[0]);
  GtkWidget *stack = gtk_widget_get_parent (widget);

  if (!GTK_IS_STACK (stack))
    return TRUE;
  for (GtkWidget *page = gtk_widget_get_first_child (stack); page != NULL; page = gtk_widget_get_next_sibling (page))
    gtk_accessible_update_state (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_STATE_HIDDEN,
                                 !gtk_widget_get_child_visible (page), -1);
  return TRUE;
}

void
parlor_hide_unseen_pages (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      g_type_class_ref (GTK_TYPE_WIDGET);
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, on_page_map_hook, NULL, NULL);
      g_signal_add_emission_hook (g_signal_lookup ("unmap", GTK_TYPE_WIDGET), 0, on_page_map_hook, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}

GtkWidget *
parlor_accessible_part_new (GtkAccessibleRole role)
{
  return g_object_new (GTK_TYPE_BOX,
                       "accessible-role", role,
                       "can-target", FALSE,
                       "focusable", FALSE,
                       NULL);
}

void
parlor_accessible_part_allocate (GtkWidget             *part,
                                 const graphene_rect_t *rect)
{
  g_return_if_fail (GTK_IS_WIDGET (part));
  g_return_if_fail (rect != NULL);

  if (!gtk_widget_get_visible (part))
    return;
  gtk_widget_measure (part, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
  gtk_widget_size_allocate (part,
                            &(GtkAllocation) { (int) rect->origin.x, (int) rect->origin.y,
                                               MAX ((int) rect->size.width, 1),
                                               MAX ((int) rect->size.height, 1) },
                            -1);
}

static void
on_keep_height_realize (GtkWidget *label)
{
  const char *sample = g_object_get_data (G_OBJECT (label), "height-sample");
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, sample);
  int height;

  /* Measured on a layout of its own: the label's text, which screen readers hear, stays put. */
  pango_layout_get_pixel_size (layout, NULL, &height);
  gtk_widget_set_size_request (label, -1, height);
}

void
parlor_label_keep_height (GtkLabel   *label,
                          const char *sample)
{
  g_return_if_fail (GTK_IS_LABEL (label));
  g_return_if_fail (sample != NULL);

  g_object_set_data_full (G_OBJECT (label), "height-sample", g_strdup (sample), g_free);
  g_signal_connect (label, "realize", G_CALLBACK (on_keep_height_realize), NULL);
}

static void
on_lost_response (AdwMessageDialog *dialog,
                  const char       *response,
                  GtkWidget        *screen)
{
  ParlorSession *session = g_object_get_data (G_OBJECT (dialog), "session");

  if (g_str_equal (response, "reconnect"))
    parlor_session_reconnect (session);
  else
    gtk_widget_activate_action (screen, "win.back", NULL);
}

GtkWindow *
parlor_screen_show_connection_lost (GtkWidget     *screen,
                                    ParlorSession *session,
                                    const GError  *error)
{
  GtkRoot *root;
  gboolean host_left, can_reconnect;
  AdwMessageDialog *dialog;

  g_return_val_if_fail (GTK_IS_WIDGET (screen), NULL);
  g_return_val_if_fail (PARLOR_IS_SESSION (session), NULL);
  g_return_val_if_fail (error != NULL, NULL);

  root = gtk_widget_get_root (screen);
  if (!GTK_IS_WINDOW (root))
    return NULL;

  host_left = g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_HOST_LEFT);
  /* A seat the host does not keep any more, or a host of another version,
   * cannot be taken back: Back to Menu only. */
  can_reconnect = !host_left &&
                  !g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_TOKEN) &&
                  !g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_VERSION) &&
                  !g_error_matches (error, PARLOR_CLIENT_ERROR, PARLOR_CLIENT_ERROR_REMOVED);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (root),
                                                       host_left ? _("The Host Left") : _("Connection Lost"),
                                                       error->message));
  adw_message_dialog_add_response (dialog, "menu", _("_Back to Menu"));
  if (can_reconnect)
    {
      adw_message_dialog_add_response (dialog, "reconnect", _("_Reconnect"));
      adw_message_dialog_set_response_appearance (dialog, "reconnect", ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (dialog, "reconnect");
    }
  adw_message_dialog_set_close_response (dialog, "menu");
  g_object_set_data_full (G_OBJECT (dialog), "session", g_object_ref (session), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_lost_response), screen, 0);
  gtk_window_present (GTK_WINDOW (dialog));

  return GTK_WINDOW (dialog);
}

static void
add_activate_keys (GtkWidgetClass *widget_class,
                   const char     *activate_action)
{
  static const guint keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space };

  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i], 0, activate_action, NULL);
}

void
parlor_widget_class_add_grid_keys (GtkWidgetClass *widget_class,
                                   const char     *move_action,
                                   const char     *activate_action)
{
  static const struct { guint key; int dx, dy; } keys[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
    { GDK_KEY_KP_Left, -1, 0 }, { GDK_KEY_KP_Right, 1, 0 }, { GDK_KEY_KP_Up, 0, -1 }, { GDK_KEY_KP_Down, 0, 1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, move_action, "(ii)",
                                         keys[i].dx, keys[i].dy);
  if (activate_action != NULL)
    add_activate_keys (widget_class, activate_action);
}

void
parlor_widget_class_add_row_keys (GtkWidgetClass *widget_class,
                                  const char     *move_action,
                                  int             n_max,
                                  const char     *activate_action)
{
  const struct { guint key; int by; } keys[] = {
    { GDK_KEY_Left, -1 }, { GDK_KEY_KP_Left, -1 }, { GDK_KEY_Right, 1 }, { GDK_KEY_KP_Right, 1 },
    { GDK_KEY_Home, -n_max }, { GDK_KEY_KP_Home, -n_max }, { GDK_KEY_End, n_max }, { GDK_KEY_KP_End, n_max },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, move_action, "i", keys[i].by);
  add_activate_keys (widget_class, activate_action);
}
