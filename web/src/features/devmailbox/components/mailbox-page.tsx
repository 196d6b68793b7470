import { Mail, MessageSquare, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Page } from "@/components/layout/page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useMailbox } from "@/features/devmailbox/api/get-mailbox";
import { LinkifiedText } from "@/features/devmailbox/components/linkified-text";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

export function MailboxPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("mailbox.title"));
  const mailbox = useMailbox();

  let content;
  if (mailbox.isPending) {
    content = (
      <div className="grid gap-4" role="status" aria-label={t("common.loading")}>
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  } else if (mailbox.isError) {
    content =
      mailbox.error instanceof ApiError && mailbox.error.status === 404 ? (
        <Alert role="status">{t("mailbox.devOnly")}</Alert>
      ) : (
        <Alert variant="destructive" role="alert">
          {errorMessage(mailbox.error, t("common.genericError"))}
        </Alert>
      );
  } else if (mailbox.data.length === 0) {
    content = <Alert role="status">{t("mailbox.empty")}</Alert>;
  } else {
    content = (
      <ol className="grid gap-4">
        {mailbox.data.map((message) => (
          <li key={message.id}>
            <Card>
              <CardHeader className="gap-2 pb-3">
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
                    {message.channel === "sms" ? (
                      <MessageSquare className="size-3" aria-hidden="true" />
                    ) : (
                      <Mail className="size-3" aria-hidden="true" />
                    )}
                    {t(`mailbox.channel.${message.channel}`)}
                  </span>
                  <span>
                    {t("mailbox.to")} <span className="font-medium text-foreground">{message.to}</span>
                  </span>
                  <time dateTime={message.createdAt} className="ml-auto">
                    {formatDate(message.createdAt, i18n.language, true)}
                  </time>
                </div>
                {message.subject ? <h2 className="text-lg font-semibold">{message.subject}</h2> : null}
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap break-words text-sm">
                  <LinkifiedText text={message.body} />
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Page title={t("mailbox.title")} description={t("mailbox.description")} width="default">
      <div className="mb-4 flex justify-end">
        <Button variant="outline" size="sm" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          <RefreshCw aria-hidden="true" />
          {t("mailbox.refresh")}
        </Button>
      </div>
      {content}
    </Page>
  );
}
