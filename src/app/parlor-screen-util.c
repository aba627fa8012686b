/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-screen"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

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

static void
on_keep_height_realize (GtkWidget *label)
{
  const char *sample = g_object_get_data (G_OBJECT (label), "height-sample");
  g_autofree char *text = g_strdup (gtk_label_get_text (GTK_LABEL (label)));
  int height;

  gtk_label_set_text (GTK_LABEL (label), sample);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, -1, NULL, &height, NULL, NULL);
  gtk_widget_set_size_request (label, -1, height);
  gtk_label_set_text (GTK_LABEL (label), text);
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
