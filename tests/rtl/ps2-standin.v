// A stand-in for the paper SoC netlist's testbench, written here to test run.py's --keys: the
// same four open-drain PS/2 variables at the top (tb_SoC_TOP.ps2_clk_drive/_oe,
// ps2_data_drive/_oe), a stress thread of its own that types on them (which the typed keys
// must shut out), the 250 ms run length run.py rewrites, and a receiver that prints every
// byte it takes off the lines (a start bit 0, eight data bits LSB first, odd parity, stop 1,
// sampled at the falling clock edge, as the SoC's ps2_rx does).
`timescale 1ns / 1ps
module tb_SoC_TOP;
    reg ps2_clk_drive, ps2_clk_oe, ps2_data_drive, ps2_data_oe;
    wire PS2_CLK = ps2_clk_oe ? ps2_clk_drive : 1'bz;
    wire PS2_DATA = ps2_data_oe ? ps2_data_drive : 1'bz;
    pullup(PS2_CLK);
    pullup(PS2_DATA);

    reg [10:0] frame;
    integer nbits;
    initial nbits = 0;
    always @(negedge PS2_CLK) begin
        frame = {PS2_DATA, frame[10:1]};
        nbits = nbits + 1;
        if (nbits == 11) begin
            if (frame[0] != 1'b0 || frame[10] != 1'b1 || ^frame[9:1] != 1'b1)
                $display("[PS2RX] bad frame %b", frame);
            else
                $display("[PS2RX] %02h", frame[8:1]);
            nbits = 0;
        end
    end

    // the testbench's own typing: 0x1C ('a') from 2 ms on, every 300 us
    localparam [10:0] stress_frame = 11'b1_0_00011100_0; // stop, parity, data, start
    initial begin
        ps2_clk_oe = 0;
        ps2_data_oe = 0;
        ps2_clk_drive = 1;
        ps2_data_drive = 1;
        #2_000_000;
        forever begin : stress
            integer i;
            for (i = 0; i < 11; i = i + 1) begin
                ps2_clk_oe = 0;
                ps2_data_oe = !stress_frame[i];
                ps2_data_drive = 0;
                #30_000;
                ps2_clk_oe = 1;
                ps2_clk_drive = 0;
                #30_000;
            end
            ps2_clk_oe = 0;
            ps2_data_oe = 0;
            #300_000;
        end
    end

    initial begin
        #250_000_000;
        $finish;
    end
endmodule
