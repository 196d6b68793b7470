import { Fragment } from "react";

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Plain text with every http(s) URL turned into a link; line breaks are preserved by CSS. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) => {
        if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
        // Keep sentence punctuation after a URL out of the link.
        const trailing = part.match(TRAILING_PUNCTUATION)?.[0] ?? "";
        const url = trailing ? part.slice(0, -trailing.length) : part;
        return (
          <Fragment key={index}>
            <a href={url} className="break-all text-primary underline underline-offset-2">
              {url}
            </a>
            {trailing}
          </Fragment>
        );
      })}
    </>
  );
}
