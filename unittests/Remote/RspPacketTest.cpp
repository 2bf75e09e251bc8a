//===- RspPacketTest.cpp - RSP framing, escapes, replies ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspPacket.h"

#include "ErrorText.h"

#include "gtest/gtest.h"

using namespace snr::remote;
using snr::remote::test::errorOf;

namespace {

std::vector<RspEvent> decodeAll(llvm::StringRef bytes, size_t limit = 1 << 20) {
  PacketDecoder decoder(limit);
  std::vector<RspEvent> events;
  decoder.feed(bytes, events);
  return events;
}

TEST(RspPacket, Checksums) {
  EXPECT_EQ(computeChecksum(""), 0);
  // Values seen on the wire from QEMU.
  EXPECT_EQ(encodePacket("OK"), "$OK#9a");
  EXPECT_EQ(encodePacket("E14"), "$E14#aa");
  EXPECT_EQ(encodePacket("vCont;c;C;s;S"), "$vCont;c;C;s;S#62");
  EXPECT_EQ(encodePacket(""), "$#00");
  EXPECT_EQ(encodePacket("qSupported"), "$qSupported#37");
  // The sum wraps modulo 256.
  EXPECT_EQ(computeChecksum(std::string(3, '\xff')), 0xfd);
}

TEST(RspPacket, EveryEscapedByte) {
  for (char c : {'}', '#', '$', '*'}) {
    std::string data = std::string("a") + c + "b";
    std::string escaped = escapeBinary(data);
    ASSERT_EQ(escaped.size(), 4u) << c;
    EXPECT_EQ(escaped[1], '}');
    EXPECT_EQ(escaped[2], char(c ^ 0x20));
    llvm::Expected<std::string> back = unescapeBinary(escaped);
    ASSERT_EQ(errorOf(back), "");
    EXPECT_EQ(*back, data);
  }
  // Every byte value round-trips, and no frame character survives.
  std::string all;
  for (int i = 0; i < 256; ++i)
    all += char(i);
  std::string escaped = escapeBinary(all);
  EXPECT_EQ(escaped.size(), 256u + 4u);
  for (char c : escaped)
    EXPECT_TRUE(c != '#' && c != '$' && c != '*');
  llvm::Expected<std::string> back = unescapeBinary(escaped);
  ASSERT_EQ(errorOf(back), "");
  EXPECT_EQ(*back, all);
  // A dangling escape is an error.
  EXPECT_EQ(errorOf(unescapeBinary("ab}")),
            "binary data ends with the escape character '}'");
  // A raw '$' or '#' in a payload is escaped by the framing itself.
  EXPECT_EQ(encodePacket("a#b"), "$a}\x03"
                                 "b#" +
                                     hexEncode(llvm::ArrayRef<uint8_t>(
                                         {uint8_t('a' + '}' + 3 + 'b')})));
}

TEST(RspPacket, RunLengthExpansion) {
  auto expand = [](llvm::StringRef s) {
    llvm::Expected<std::string> r = expandRunLength(s);
    EXPECT_EQ(errorOf(r), "") << s.str();
    return r ? *r : std::string();
  };
  // The manual's example: "0* " is four zeros.
  EXPECT_EQ(expand("0* "), "0000");
  EXPECT_EQ(expand("0*\"00"), "00000000");
  EXPECT_EQ(expand("no runs"), "no runs");
  EXPECT_EQ(expand(""), "");
  // The largest count, '~' (126): 97 more copies.
  EXPECT_EQ(expand("x*~"), std::string(98, 'x'));
  // The smallest accepted count (30): one more copy.
  EXPECT_EQ(expand("x*\x1e"), "xx");
  // A run after a run repeats the last character written.
  EXPECT_EQ(expand("a* * "), std::string(7, 'a'));
  // '*' as the count character is a count of 13.
  EXPECT_EQ(expand("z**"), std::string(14, 'z'));
  EXPECT_EQ(errorOf(expandRunLength("*abc")),
            "run-length '*' at offset 0 has no character to "
            "repeat");
  EXPECT_EQ(errorOf(expandRunLength("ab*")),
            "run-length '*' at offset 2 has no count");
  EXPECT_EQ(errorOf(expandRunLength("a*\x1d")),
            "run-length count 0x1d at offset 2 is outside the "
            "printable range");
  EXPECT_NE(errorOf(expandRunLength("a*\x7f")), "");
}

TEST(RspPacket, RunLengthEncodingRoundTrips) {
  for (size_t n = 1; n < 300; ++n) {
    std::string text = "ab" + std::string(n, '0') + "c" + std::string(n, 'f');
    std::string encoded = encodeRunLength(text);
    // Never a frame character as a count.
    EXPECT_EQ(encoded.find('#'), std::string::npos) << n;
    EXPECT_EQ(encoded.find('$'), std::string::npos) << n;
    llvm::Expected<std::string> back = expandRunLength(encoded);
    ASSERT_EQ(errorOf(back), "");
    EXPECT_EQ(*back, text) << n;
  }
  // Runs of 7 and 8 would need '#' and '$' as counts.
  EXPECT_EQ(encodeRunLength("0000000"), "0*\"0");
  EXPECT_EQ(encodeRunLength("00000000"), "0*\"00");
  EXPECT_EQ(encodeRunLength("000"), "000");
  EXPECT_EQ(encodeRunLength("0000"), "0* ");
}

TEST(RspPacket, DecoderEvents) {
  std::vector<RspEvent> events = decodeAll("+-\x03junk$OK#9a$E14#aa$bad#00+");
  ASSERT_EQ(events.size(), 7u);
  EXPECT_EQ(events[0].kind, RspEvent::Kind::Ack);
  EXPECT_EQ(events[1].kind, RspEvent::Kind::Nak);
  EXPECT_EQ(events[2].kind, RspEvent::Kind::Interrupt);
  EXPECT_EQ(events[3].kind, RspEvent::Kind::Packet);
  EXPECT_EQ(events[3].payload, "OK");
  EXPECT_EQ(events[4].payload, "E14");
  EXPECT_EQ(events[5].kind, RspEvent::Kind::BadChecksum);
  EXPECT_EQ(events[5].payload, "bad");
  EXPECT_EQ(events[5].received, "00");
  EXPECT_EQ(events[5].computed, computeChecksum("bad"));
  EXPECT_EQ(events[6].kind, RspEvent::Kind::Ack);
}

TEST(RspPacket, DecoderSplitsAnywhere) {
  std::string stream = "+$T05thread:p01.1be3;#d0+$OK#9a";
  for (size_t cut = 0; cut <= stream.size(); ++cut) {
    PacketDecoder decoder;
    std::vector<RspEvent> events;
    decoder.feed(llvm::StringRef(stream).take_front(cut), events);
    decoder.feed(llvm::StringRef(stream).drop_front(cut), events);
    ASSERT_EQ(events.size(), 4u) << cut;
    EXPECT_EQ(events[1].payload, "T05thread:p01.1be3;");
    EXPECT_EQ(events[1].kind, RspEvent::Kind::Packet);
    EXPECT_EQ(events[3].payload, "OK");
  }
}

TEST(RspPacket, DecoderRestartsAndBounds) {
  // A '$' inside a packet starts it again.
  std::vector<RspEvent> events = decodeAll("$garb$OK#9a");
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].payload, "OK");
  // Checksum digits are case-insensitive; non-hex ones are damage.
  events = decodeAll("$E14#AA$OK#zz");
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, RspEvent::Kind::Packet);
  EXPECT_EQ(events[1].kind, RspEvent::Kind::BadChecksum);
  // Over the limit: Oversized, memory bounded.
  events = decodeAll("$" + std::string(100, 'a') + "#00$OK#9a", 10);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, RspEvent::Kind::Oversized);
  EXPECT_EQ(events[0].payload.size(), 10u);
  EXPECT_EQ(events[1].kind, RspEvent::Kind::Packet);
  // Mid-packet state is visible (for disconnect errors).
  PacketDecoder decoder;
  std::vector<RspEvent> none;
  decoder.feed("$abc", none);
  EXPECT_TRUE(decoder.isInsidePacket());
  EXPECT_EQ(decoder.getPartialBytes(), 3u);
  decoder.feed("xy", none);
  EXPECT_EQ(decoder.getNoiseBytes(), 0u);
}

TEST(RspPacket, Hex) {
  EXPECT_EQ(hexEncode(llvm::ArrayRef<uint8_t>({0x00, 0xab, 0x7f})), "00ab7f");
  llvm::Expected<std::vector<uint8_t>> bytes = hexDecode("0C01010000000000");
  ASSERT_EQ(errorOf(bytes), "");
  EXPECT_EQ(bytes->size(), 8u);
  EXPECT_EQ((*bytes)[0], 0x0c);
  EXPECT_EQ(errorOf(hexDecode("abc")), "odd number of hex digits in 'abc'");
  EXPECT_EQ(errorOf(hexDecode("xx00")), "not hex at offset 0 of 'xx00'");
  EXPECT_EQ(parseHexNumber("1010c"), 0x1010cu);
  EXPECT_EQ(parseHexNumber("ffffffffffffffff"), UINT64_MAX);
  EXPECT_EQ(parseHexNumber("1ffffffffffffffff"), std::nullopt);
  EXPECT_EQ(parseHexNumber(""), std::nullopt);
  EXPECT_EQ(parseHexNumber("-1"), std::nullopt);
  EXPECT_EQ(quotePacket("a\x03\\b"), "a\\x03\\\\b");
  EXPECT_EQ(quotePacket(std::string(100, 'x'), 8), "xxxxxxxx...");
}

TEST(RspPacket, ErrorReplies) {
  std::optional<ErrorReply> e = parseErrorReply("E14");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, 0x14);
  e = parseErrorReply("E.no such register");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "no such register");
  EXPECT_FALSE(parseErrorReply("E1"));
  EXPECT_FALSE(parseErrorReply("E1x"));
  EXPECT_FALSE(parseErrorReply("E140"));
  EXPECT_FALSE(parseErrorReply("OK"));
  EXPECT_FALSE(parseErrorReply(""));
}

TEST(RspPacket, StopReplies) {
  // QEMU's, after a step or at a break point.
  llvm::Expected<StopReply> r = parseStopReply("T05thread:p01.1be3;");
  ASSERT_EQ(errorOf(r), "");
  EXPECT_EQ(r->kind, StopReply::Kind::Signal);
  EXPECT_EQ(r->code, 5);
  EXPECT_EQ(r->thread, "p01.1be3");
  EXPECT_TRUE(r->reason.empty());

  r = parseStopReply("S0b");
  ASSERT_EQ(errorOf(r), "");
  EXPECT_EQ(r->code, 11);

  // Registers, a reason, a core, an unknown pair (skipped), no final ';'.
  r = parseStopReply("T0520:1a01010000000000;swbreak:;core:1;future:x;"
                     "2:00000000");
  ASSERT_EQ(errorOf(r), "");
  ASSERT_EQ(r->registers.size(), 2u);
  EXPECT_EQ(r->registers[0].regnum, 0x20u);
  EXPECT_EQ(r->registers[0].bytes[0], 0x1a);
  EXPECT_EQ(r->registers[1].regnum, 2u);
  EXPECT_EQ(r->reason, "swbreak");
  EXPECT_EQ(r->core, 1u);

  r = parseStopReply("T05watch:1000;");
  ASSERT_EQ(errorOf(r), "");
  EXPECT_EQ(r->reason, "watch");
  EXPECT_EQ(r->reasonValue, "1000");

  r = parseStopReply("W07");
  ASSERT_EQ(errorOf(r), "");
  EXPECT_EQ(r->kind, StopReply::Kind::Exited);
  EXPECT_EQ(r->code, 7);
  r = parseStopReply("X09;process:1be3");
  ASSERT_EQ(errorOf(r), "");
  EXPECT_EQ(r->kind, StopReply::Kind::Terminated);
  EXPECT_EQ(r->code, 9);
  EXPECT_EQ(r->process, 0x1be3u);

  EXPECT_EQ(errorOf(parseStopReply("")),
            "empty reply where a stop reply was expected");
  EXPECT_EQ(errorOf(parseStopReply("E01")),
            "error reply 'E01' where a stop reply was expected");
  EXPECT_EQ(errorOf(parseStopReply("OK")), "'OK' is not a stop reply");
  EXPECT_NE(errorOf(parseStopReply("T")), "");
  EXPECT_NE(errorOf(parseStopReply("Tzz")), "");
  EXPECT_NE(errorOf(parseStopReply("S05junk")), "");
  EXPECT_NE(errorOf(parseStopReply("W")), "");
  EXPECT_NE(errorOf(parseStopReply("W100")), "");
  EXPECT_NE(errorOf(parseStopReply("W00;pid:1")), "");
  EXPECT_EQ(errorOf(parseStopReply("T05thread")),
            "malformed stop reply 'T05thread': pair 'thread' "
            "has no ':'");
  EXPECT_NE(errorOf(parseStopReply("T0520:xyz;")), "");
}

TEST(RspPacket, StopRepliesRoundTrip) {
  StopReply reply;
  EXPECT_EQ(formatStopReply(reply), "S00");
  reply.code = 5;
  reply.thread = "1";
  reply.reason = "swbreak";
  reply.registers.push_back({0x120, {1, 2}});
  std::string text = formatStopReply(reply);
  EXPECT_EQ(text, "T05120:0102;thread:1;swbreak:;");
  llvm::Expected<StopReply> back = parseStopReply(text);
  ASSERT_EQ(errorOf(back), "");
  EXPECT_EQ(back->registers[0].regnum, 0x120u);
  EXPECT_EQ(back->reason, "swbreak");

  StopReply exited;
  exited.kind = StopReply::Kind::Exited;
  exited.code = 7;
  EXPECT_EQ(formatStopReply(exited), "W07");
  exited.kind = StopReply::Kind::Terminated;
  exited.process = 42;
  EXPECT_EQ(formatStopReply(exited), "X07;process:2a");
}

} // namespace
