//! The SMTP provider against a local fake SMTP server speaking just enough
//! of RFC 5321 to accept one message.

use registry::features::outbox::{Channel, Delivery, Message, Smtp};
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};

/// Accepts one session; returns the transcript of client commands and data.
async fn fake_smtp_server() -> (u16, tokio::task::JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let handle = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        let mut transcript = String::new();
        write.write_all(b"220 fake.test ESMTP\r\n").await.unwrap();
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            transcript.push_str(&line);
            transcript.push('\n');
            let reply: &[u8] = if in_data {
                if line == "." {
                    in_data = false;
                    b"250 queued\r\n"
                } else {
                    continue;
                }
            } else {
                match line.split_whitespace().next().unwrap_or("").to_ascii_uppercase().as_str() {
                    "EHLO" | "HELO" => b"250-fake.test\r\n250 8BITMIME\r\n",
                    "MAIL" | "RCPT" | "RSET" | "NOOP" => b"250 ok\r\n",
                    "DATA" => {
                        in_data = true;
                        b"354 go ahead\r\n"
                    }
                    "QUIT" => {
                        write.write_all(b"221 bye\r\n").await.unwrap();
                        break;
                    }
                    _ => b"500 what\r\n",
                }
            };
            write.write_all(reply).await.unwrap();
        }
        transcript
    });
    (port, handle)
}

#[tokio::test]
async fn the_smtp_provider_sends_the_message_to_the_server() {
    let (port, server) = fake_smtp_server().await;
    let smtp = Smtp::new(&format!("smtp://127.0.0.1:{port}"), "Registry <no-reply@registry.test>").unwrap();
    let message = Message::email("skipper@example.nl", "Confirm your email address", "Open this link: http://x/y");
    smtp.deliver("01JOUTBOXID0000000000000000", &message).await.unwrap();
    drop(smtp);
    let transcript = tokio::time::timeout(std::time::Duration::from_secs(5), server).await;
    // lettre pools connections and may not QUIT at once; the data is what matters.
    if let Ok(Ok(t)) = transcript {
        assert!(t.contains("MAIL FROM:<no-reply@registry.test>"), "{t}");
        assert!(t.contains("RCPT TO:<skipper@example.nl>"), "{t}");
        assert!(t.contains("Subject: Confirm your email address"), "{t}");
        assert!(t.contains("Open this link: http://x/y"), "{t}");
        // The outbox id as the Message-ID: a repeated delivery is seen as the same message.
        assert!(t.contains("Message-ID: <01JOUTBOXID0000000000000000@registry.test>"), "{t}");
    } else {
        panic!("the fake SMTP server did not finish its session");
    }
}

#[tokio::test]
async fn the_smtp_provider_refuses_sms_so_it_is_retried_not_lost() {
    let smtp = Smtp::new("smtp://127.0.0.1:9", "Registry <no-reply@registry.test>").unwrap();
    let sms =
        Message { channel: Channel::Sms, to: "+31612345678".into(), subject: String::new(), body: "123456".into() };
    assert!(smtp.deliver("01JOUTBOXID0000000000000000", &sms).await.is_err());
}
