// The dev mailbox's public entry: what the app (router) uses. Other code imports the feature only from here.
export { MailboxPage } from "@/features/devmailbox/components/mailbox-page";
